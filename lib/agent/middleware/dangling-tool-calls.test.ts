import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { INTERRUPTED_CALL_TEXT, patchDanglingToolCalls } from "./dangling-tool-calls";

describe("patchDanglingToolCalls", () => {
  it("leaves complete histories untouched (same array)", () => {
    const msgs = [
      new HumanMessage("hi"),
      new AIMessage({ content: "", tool_calls: [{ id: "a", name: "t", args: {} }] }),
      new ToolMessage({ tool_call_id: "a", content: "ok" }),
    ];
    expect(patchDanglingToolCalls(msgs)).toBe(msgs);
  });
  it("inserts an error result right after each call left without one", () => {
    const msgs = [
      new HumanMessage("hi"),
      new AIMessage({
        content: "",
        tool_calls: [
          { id: "a", name: "t", args: {} },
          { id: "b", name: "u", args: {} },
        ],
      }),
      new ToolMessage({ tool_call_id: "a", content: "ok" }),
      new HumanMessage("again"),
    ];
    const out = patchDanglingToolCalls(msgs);
    expect(out.map((m) => m.getType())).toEqual(["human", "ai", "tool", "tool", "human"]);
    const filler = out[2] as ToolMessage;
    expect(filler.tool_call_id).toBe("b");
    expect(filler.status).toBe("error");
    expect(filler.content).toBe(INTERRUPTED_CALL_TEXT);
  });
});
