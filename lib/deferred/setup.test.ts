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

describe("defer policies", () => {
  const tools = [record("cfg", "config"), record("srv_small", "mcp"), record("srv_x", "mcp"), record("srv_y", "mcp")];
  const policies = (entries: Array<[string, "auto" | "always" | "never"]>) =>
    new Map(entries.map(([n, policy]) => [n, { policy, from: "tool" as const }]));

  it("defer: never keeps a tool bound, with why; the rest stay deferred and fail-closed accepts it", () => {
    const s = buildDeferredSetup(tools, { enabled: true, maxResults: 5, policies: policies([["srv_small", "never"]]) });
    expect([...s.deferredNames].sort()).toEqual(["srv_x", "srv_y"]);
    expect([...s.bound]).toEqual([["srv_small", "defer: never"]]);
    expect(() => assertFailClosed(tools, true, s)).not.toThrow();
  });

  it("auto tools are bound while their schemas fit under the threshold; always stays deferred", () => {
    const s = buildDeferredSetup(tools, {
      enabled: true,
      maxResults: 5,
      policies: policies([["srv_x", "always"]]),
      autoThresholdTokens: 10_000,
    });
    expect([...s.deferredNames]).toEqual(["srv_x"]);
    expect(s.bound.get("srv_y")).toMatch(/^auto: MCP schemas \d+ tokens ≤ threshold 10000$/);
    expect(() => assertFailClosed(tools, true, s)).not.toThrow();
  });

  it("over the threshold every auto tool is deferred", () => {
    const s = buildDeferredSetup(tools, { enabled: true, maxResults: 5, autoThresholdTokens: 20 });
    expect([...s.deferredNames].sort()).toEqual(["srv_small", "srv_x", "srv_y"]);
    expect(s.bound.size).toBe(0);
  });

  it("everything bound by policy: no tool_search, and still not a fail-closed error", () => {
    const all = policies([
      ["srv_small", "never"],
      ["srv_x", "never"],
      ["srv_y", "never"],
    ]);
    const s = buildDeferredSetup(tools, { enabled: true, maxResults: 5, policies: all });
    expect(s.toolSearch).toBeNull();
    expect(s.deferredNames.size).toBe(0);
    expect(() => assertFailClosed(tools, true, s)).not.toThrow();
  });

  it("fail-closed still refuses an MCP tool that neither a policy nor the deferred set accounts for", () => {
    const s = buildDeferredSetup(tools, { enabled: true, maxResults: 5, policies: policies([["srv_small", "never"]]) });
    expect(() => assertFailClosed([...tools, record("srv_new", "mcp")], true, s)).toThrow(/not deferred: srv_new/);
  });

  it("lists names or servers as the listing options say", () => {
    const names = buildDeferredSetup(tools, {
      enabled: true,
      maxResults: 5,
      listing: { setting: "auto", maxTokens: 1500 },
    });
    expect(names.listing).toMatchObject({ mode: "names", setting: "auto" });
    expect(names.listing?.section).toContain("\nsrv_x\n");
    const servers = buildDeferredSetup(tools, {
      enabled: true,
      maxResults: 5,
      listing: { setting: "servers", maxTokens: 1500 },
    });
    expect(servers.listing?.mode).toBe("servers");
    expect(servers.listing?.section).toContain("\nsrv (3): small\n");
  });

  it("the servers' descriptions the listing shows are what tool_search reads too", () => {
    const described = buildDeferredSetup(tools, {
      enabled: true,
      maxResults: 5,
      listing: { setting: "servers", maxTokens: 1500, descriptions: new Map([["srv", "Zerodha's trading API"]]) },
    });
    expect(described.listing?.section).toContain("Zerodha's trading API");
    expect(described.catalog?.search("zerodha", 5).length).toBeGreaterThan(0);
    const plain = buildDeferredSetup(tools, { enabled: true, maxResults: 5 });
    expect(plain.catalog?.search("zerodha", 5)).toEqual([]);
  });
});
