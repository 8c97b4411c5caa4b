import { describe, expect, test } from "vitest";
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { serialize, toPlain } from "./serialize";

describe("serialize", () => {
  test("messages become {...data, type} (toDict), also nested and at the root", () => {
    const values = {
      messages: [
        new HumanMessage({ content: "hi", id: "h1" }),
        new AIMessage({
          content: "",
          id: "a1",
          tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" } }],
        }),
        new ToolMessage({ content: "sunny", tool_call_id: "c1", name: "get_weather", id: "t1" }),
      ],
    };
    const plain = toPlain<{ messages: Array<Record<string, unknown>> }>(values);
    expect(plain.messages[0]).toMatchObject({
      type: "human",
      content: "hi",
      id: "h1",
      additional_kwargs: {},
      response_metadata: {},
    });
    expect(plain.messages[1]).toMatchObject({
      type: "ai",
      id: "a1",
      tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" } }],
      invalid_tool_calls: [],
    });
    expect(plain.messages[2]).toMatchObject({ type: "tool", tool_call_id: "c1", name: "get_weather", id: "t1" });
    expect(plain.messages[0]).not.toHaveProperty("lc");
    expect(toPlain(new HumanMessage({ content: "root", id: "r" }))).toMatchObject({ type: "human", content: "root" });
  });

  test("message chunks serialize as type ai with their tool_call_chunks", () => {
    const chunk = new AIMessageChunk({
      content: "",
      id: "run-1",
      tool_call_chunks: [{ type: "tool_call_chunk", id: "c1", name: "get_weather", args: '{"ci', index: 0 }],
    });
    const plain = toPlain<Record<string, unknown>>([chunk, { langgraph_node: "model_request" }]);
    expect((plain as unknown as Array<Record<string, unknown>>)[0]).toMatchObject({
      type: "ai",
      id: "run-1",
      tool_call_chunks: [{ id: "c1", name: "get_weather", args: '{"ci', index: 0 }],
    });
  });

  test("one line, internal config keys dropped, bigint/map/set/error handled", () => {
    const text = serialize({
      text: "line1\nline2",
      config: { configurable: { thread_id: "t" }, callbacks: { x: 1 }, __pregel_send: 1 },
      n: BigInt(5),
      m: new Map([["a", 1]]),
      s: new Set([1, 2]),
      e: new RangeError("bad"),
    });
    expect(text).not.toContain("\n");
    expect(JSON.parse(text)).toEqual({
      text: "line1\nline2",
      config: { configurable: { thread_id: "t" } },
      n: "5",
      m: { a: 1 },
      s: [1, 2],
      e: { error: "RangeError", message: "bad" },
    });
    expect(serialize(undefined)).toBe("null");
  });
});
