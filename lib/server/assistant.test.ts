import { describe, expect, test } from "vitest";
import { assistantIdFor, buildAssistant, isAssistantId, uuid5 } from "./assistant";

describe("assistant", () => {
  test("ids match LangGraph's (uuid5 of the graph id in NAMESPACE_GRAPH)", () => {
    // The id LangGraph servers give the system assistant of a graph named "agent".
    expect(assistantIdFor("agent")).toBe("fe096781-5601-53d2-b2f6-0d3403f7e9ca");
    // RFC 4122 example: uuid5(DNS namespace, "python.org").
    expect(uuid5("python.org", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
  });

  test("addressable by graph id or UUID", () => {
    const a = buildAssistant({ graph_id: "lead_agent", name: "Fawn", description: "d" }, "2026-01-01T00:00:00.000Z");
    expect(a).toMatchObject({ graph_id: "lead_agent", version: 1, config: {}, created_at: "2026-01-01T00:00:00.000Z" });
    expect(isAssistantId("lead_agent", a)).toBe(true);
    expect(isAssistantId(a.assistant_id.toUpperCase(), a)).toBe(true);
    expect(isAssistantId("agent", a)).toBe(false);
  });
});
