import { describe, expect, it } from "vitest";
import { assertFailClosed, buildDeferredSetup, FailClosedError, NO_DEFERRAL } from "./setup";
import { record } from "@/test/support/tools";

describe("buildDeferredSetup", () => {
  const tools = [
    record("cfg", "config"),
    record("present_files", "builtin"),
    record("srv_x", "mcp"),
    record("srv_y", "mcp"),
  ];
  it("defers exactly the MCP tools and adds tool_search", () => {
    const s = buildDeferredSetup(tools, { enabled: true, maxResults: 5 });
    expect([...s.deferredNames].sort()).toEqual(["srv_x", "srv_y"]);
    expect(s.toolSearch?.name).toBe("tool_search");
    expect(s.catalog?.hash).toMatch(/^[0-9a-f]{16}$/);
  });
  it("no MCP tools → no tool_search and nothing deferred", () => {
    expect(buildDeferredSetup(tools.slice(0, 2), { enabled: true, maxResults: 5 })).toBe(NO_DEFERRAL);
  });
  it("disabled → nothing deferred", () => {
    expect(buildDeferredSetup(tools, { enabled: false, maxResults: 5 })).toBe(NO_DEFERRAL);
  });
});

describe("assertFailClosed", () => {
  const tools = [record("cfg", "config"), record("srv_x", "mcp")];
  it("refuses when MCP tools survive without a deferred set", () => {
    expect(() => assertFailClosed(tools, true, NO_DEFERRAL)).toThrow(FailClosedError);
    expect(() => assertFailClosed(tools, true, NO_DEFERRAL)).toThrow(/refusing to bind MCP schemas \(fail-closed\)/);
  });
  it("refuses a deferred set that misses an MCP tool", () => {
    const partial = buildDeferredSetup([tools[1]], { enabled: true, maxResults: 5 });
    expect(() => assertFailClosed([...tools, record("srv_z", "mcp")], true, partial)).toThrow(/not deferred: srv_z/);
  });
  it("passes when complete, disabled, or without MCP tools", () => {
    expect(() =>
      assertFailClosed(tools, true, buildDeferredSetup(tools, { enabled: true, maxResults: 5 })),
    ).not.toThrow();
    expect(() => assertFailClosed(tools, false, NO_DEFERRAL)).not.toThrow();
    expect(() => assertFailClosed([tools[0]], true, NO_DEFERRAL)).not.toThrow();
  });
});
