import { describe, expect, it } from "vitest";
import { planReply } from "./brain";
import type { ChatRequest } from "./wire";

const ask = (text: string): ChatRequest =>
  ({ model: "demo", messages: [{ role: "user", content: text }] }) as ChatRequest;

describe("planReply", () => {
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
