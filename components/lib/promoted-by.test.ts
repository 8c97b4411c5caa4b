import { describe, expect, it } from "vitest";
import { promotedBy } from "./promoted-by";
import type { ChatMessage } from "./timeline";

const call = (id: string, args: Record<string, unknown>): ChatMessage => ({
  type: "ai",
  content: "",
  tool_calls: [{ id, name: "tool_search", args }],
});
const answer = (id: string, names: string[], name = "tool_search"): ChatMessage => ({
  type: "tool",
  name,
  tool_call_id: id,
  content: JSON.stringify(names.map((n) => ({ name: n, description: `${n} does it`, parameters: {} }))),
});

describe("promotedBy", () => {
  it("names each loaded tool's search query, the last one winning", () => {
    const by = promotedBy([
      { type: "human", content: "hi" },
      call("a", { query: "weather forecast" }),
      answer("a", ["weather_get", "weather_alerts"]),
      call("b", { query: "alerts", queries: ["warnings"] }),
      answer("b", ["weather_alerts"]),
    ]);
    expect(Object.fromEntries(by)).toEqual({ weather_get: "weather forecast", weather_alerts: "alerts | warnings" });
  });

  it("leaves out answers that loaded nothing, other tools' results and calls never answered", () => {
    const by = promotedBy([
      call("a", { query: "nothing" }),
      { type: "tool", name: "tool_search", tool_call_id: "a", content: 'No tools found for "nothing".' },
      call("b", { query: "x" }),
      answer("b", ["x_tool"], "other_tool"),
      call("c", { query: "pending" }),
      answer("zzz", ["orphan"]),
    ]);
    expect(by.size).toBe(0);
  });

  it("reads each answer once when given the map of earlier readings", () => {
    const loaded = new Map<string, readonly string[]>();
    const messages = [call("a", { query: "weather" }), answer("a", ["weather_get"])];
    expect(Object.fromEntries(promotedBy(messages, loaded))).toEqual({ weather_get: "weather" });
    expect(loaded.get("a")).toEqual(["weather_get"]);
    // The answer's content is not read again: what the map holds is what counts.
    loaded.set("a", ["weather_alerts"]);
    expect(Object.fromEntries(promotedBy(messages, loaded))).toEqual({ weather_alerts: "weather" });
  });
});
