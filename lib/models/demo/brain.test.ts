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

describe("planReply after a tool_search answer", () => {
  /** The person asked `text`; tool_search loaded `loaded` (in its order), now bound. */
  const afterSearch = (text: string, loaded: string[]): ChatRequest => ({
    model: "demo",
    messages: [
      { role: "user", content: text },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "s1", type: "function", function: { name: "tool_search", arguments: '{"query":"x"}' } }],
      },
      {
        role: "tool",
        tool_call_id: "s1",
        content: JSON.stringify(loaded.map((name) => ({ name, description: name, parameters: {} }))),
      },
    ],
    tools: ["tool_search", ...loaded].map(fn),
  });

  it("calls the loaded tool whose name holds the most words of the request, not just the first", () => {
    const reply = planReply(afterSearch("calculate: 12*(3+4)", ["everything_get-sum", "workbench_calculate"]));
    expect(reply.toolCalls.map((c) => c.name)).toEqual(["workbench_calculate"]);
    const notes = planReply(afterSearch("search my notes for groceries", ["notes_delete", "notes_search"]));
    expect(notes.toolCalls.map((c) => c.name)).toEqual(["notes_search"]);
  });

  it("with no name word in common, calls the search's first", () => {
    const reply = planReply(afterSearch("add up 2 and 3", ["everything_get-sum", "workbench_calculate"]));
    expect(reply.toolCalls.map((c) => c.name)).toEqual(["everything_get-sum"]);
  });
});
