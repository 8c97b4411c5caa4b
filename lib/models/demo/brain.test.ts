import { describe, expect, it } from "vitest";
import { blockedCallText } from "@/lib/contracts/blocked-call";
import { deferredToolsPromptSection } from "@/lib/deferred/prompt";
import { planReply } from "./brain";
import type { ChatRequest, WireTool } from "./wire";

const fn = (name: string): WireTool => ({ type: "function", function: { name, description: name, parameters: {} } });

/** A request after the model called `called` and got `result` back, with `bound` tools bound now. */
function afterCall(called: string, result: string, bound: string[]): ChatRequest {
  return {
    model: "demo",
    messages: [
      { role: "system", content: deferredToolsPromptSection(["memory_read_graph"]) },
      { role: "user", content: "read the graph" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: called, arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "c1", content: result },
    ],
    tools: bound.map(fn),
  };
}

describe("planReply after a refused deferred call", () => {
  it("searches for the tool with select:NAME when the called deferred tool is not bound", () => {
    const reply = planReply(afterCall("memory_read_graph", blockedCallText("memory_read_graph"), ["tool_search"]));
    expect(reply.toolCalls).toEqual([{ name: "tool_search", args: { query: "select:memory_read_graph" } }]);
  });

  it("reads the request's structure, not the wording: the same text from a bound tool is just an error", () => {
    const reply = planReply(
      afterCall("memory_read_graph", blockedCallText("memory_read_graph"), ["tool_search", "memory_read_graph"]),
    );
    expect(reply.toolCalls).toEqual([]);
    expect(reply.content).toContain("reported an error");
  });
});

const ask = (text: string): ChatRequest =>
  ({ model: "demo", messages: [{ role: "user", content: text }] }) as ChatRequest;

describe("planReply, markdown and fences", () => {
  it("shows every markdown construct the chat renders when asked", () => {
    const reply = planReply(ask("show me some markdown"));
    expect(reply.toolCalls).toEqual([]);
    expect(reply.content).toContain("| tool | what it does |");
    expect(reply.content).toContain("- [x] tables");
    expect(reply.content).toContain("```ts\n");
    expect(reply.content).toContain("$$e^{i\\pi} + 1 = 0$$");
  });

  it("fences a tool result with more backticks than the result holds, so nested fences stay inside", () => {
    const request = {
      model: "demo",
      messages: [
        { role: "user", content: "echo it" },
        {
          role: "assistant",
          content: "",
          tool_calls: [{ id: "c1", type: "function", function: { name: "everything_echo", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "c1", content: "Here:\n```\ninner\n```" },
      ],
    } as ChatRequest;
    const content = planReply(request).content;
    expect(content).toContain("````\nHere:\n```\ninner\n```\n````");
  });
});
