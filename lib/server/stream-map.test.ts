import { describe, expect, test } from "vitest";
import {
  ensureMessageId,
  fallbackMessageId,
  graphStreamModes,
  mapChunk,
  normalizeStreamModes,
  unsupportedModes,
  withWireInterrupts,
} from "./stream-map";

describe("stream-map", () => {
  test("requested modes map to LangGraph modes", () => {
    expect(normalizeStreamModes(undefined)).toEqual(["values"]);
    expect(normalizeStreamModes("updates")).toEqual(["updates"]);
    expect(graphStreamModes(["values", "messages-tuple", "custom"])).toEqual(["values", "messages", "custom"]);
    expect(graphStreamModes(["events"])).toEqual(["values"]);
    expect(unsupportedModes(["values", "events", "messages"])).toEqual(["events", "messages"]);
  });

  test("chunks become events only for requested modes; subgraph namespaces are suffixed", () => {
    expect(mapChunk(["values", { a: 1 }], ["values"], false)).toEqual({ event: "values", data: { a: 1 } });
    expect(mapChunk(["updates", {}], ["values"], false)).toBeNull();
    expect(mapChunk(["messages", [{}, {}]], ["values"], false)).toBeNull();
    expect(mapChunk(["messages", [{ id: "m" }, {}]], ["messages-tuple"], false)?.event).toBe("messages");
    expect(mapChunk([[], "values", { a: 1 }], ["values"], true)?.event).toBe("values");
    expect(mapChunk([["tools:abc", "inner:1"], "values", {}], ["values"], true)?.event).toBe(
      "values|tools:abc|inner:1",
    );
    expect(mapChunk([["sub:1"], "messages", [{}, {}]], ["messages-tuple"], true)?.event).toBe("messages|sub:1");
    expect(mapChunk("garbage", ["values"], false)).toBeNull();
  });

  test("a message chunk without an id gets a stable one", () => {
    const payload = [
      { content: "x", lc_kwargs: {} as Record<string, unknown> } as Record<string, unknown>,
      { langgraph_node: "model_request", langgraph_step: 2 },
    ];
    const id = fallbackMessageId("r1", payload);
    expect(id).toBe(fallbackMessageId("r1", [{}, { langgraph_node: "model_request", langgraph_step: 2 }]));
    ensureMessageId(payload, id);
    expect(payload[0].id).toBe(id);
    expect((payload[0].lc_kwargs as Record<string, unknown>).id).toBe(id);
    const withId = [{ id: "keep" }, {}];
    ensureMessageId(withId, "other");
    expect(withId[0].id).toBe("keep");
  });

  test("an approval interrupt in a values or updates chunk is served snake_case, without touching the graph's object", () => {
    const value = {
      actionRequests: [{ name: "bash", args: { command: "ls" } }],
      reviewConfigs: [{ actionName: "bash", allowedDecisions: ["approve", "reject"] }],
    };
    const payload = { __interrupt__: [{ id: "i1", value }] };
    const mapped = mapChunk(["updates", payload], ["updates"], false);
    expect(mapped?.data).toEqual({
      __interrupt__: [
        {
          id: "i1",
          value: {
            action_requests: [{ name: "bash", args: { command: "ls" } }],
            review_configs: [{ action_name: "bash", allowed_decisions: ["approve", "reject"] }],
          },
        },
      ],
    });
    expect(payload.__interrupt__[0].value).toBe(value);
    const plain = { messages: [] };
    expect(withWireInterrupts(plain)).toBe(plain);
    expect(withWireInterrupts([1])).toEqual([1]);
  });
});
