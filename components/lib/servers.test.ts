import { describe, expect, it } from "vitest";
import type { McpServersResponse, McpServerView } from "@/lib/contracts/mcp-servers";
import { oauthNotice, opensServersPanel, serverRow, serverRows, serversTotals, withoutOAuthParams } from "./servers";

function view(over: Partial<McpServerView> = {}): McpServerView {
  return {
    name: "s",
    entry: { command: "node" },
    enabled: true,
    transport: "stdio",
    status: "connected",
    error: null,
    warnings: [],
    connect_ms: 120,
    tools: [
      { name: "s_a", description: "", tokens: 40, state: "deferred", policy: "auto", why: null },
      { name: "s_b", description: "", tokens: 90, state: "bound", policy: "never", why: "defer: never" },
    ],
    cost: { total: 130, bound: 90, deferred: 40 },
    auth: { oauth: false, signed_in: false, required: false, expires_at: null },
    ...over,
  };
}

describe("serverRow", () => {
  it("a connected server: its tools by cost, no action", () => {
    const row = serverRow(view());
    expect(row).toMatchObject({ state: "connected", toolCount: 2, error: null, auth: null, connectMs: 120 });
    expect(row.tools.map((t) => t.name)).toEqual(["s_b", "s_a"]);
  });

  it("a server that answered 401 wants a sign-in, and its raw error is not shown twice", () => {
    const row = serverRow(
      view({
        transport: "http",
        status: "failed",
        error: "sign-in required: …",
        tools: [],
        auth: { oauth: true, signed_in: false, required: true, expires_at: null },
      }),
    );
    expect(row).toMatchObject({ state: "signin", auth: "sign_in", error: null });
  });

  it("signed in: sign out is offered; failed: the error is shown", () => {
    const signed = serverRow(
      view({ transport: "http", auth: { oauth: true, signed_in: true, required: false, expires_at: 1 } }),
    );
    expect(signed.auth).toBe("sign_out");
    const failed = serverRow(view({ status: "failed", error: "spawn nope ENOENT", tools: [] }));
    expect(failed).toMatchObject({ state: "failed", error: "spawn nope ENOENT" });
  });
});

describe("serverRows and totals", () => {
  const doc: McpServersResponse = {
    servers: [
      view({ name: "a" }),
      view({ name: "s", status: "sleeping", tools: [], cost: { total: 0, bound: 0, deferred: 0 } }),
      view({ name: "b", status: "failed", error: "x", tools: [], cost: { total: 0, bound: 0, deferred: 0 } }),
      view({ name: "c", enabled: false, status: "disabled", tools: [], cost: { total: 0, bound: 0, deferred: 0 } }),
    ],
    etag: '"e"',
    file: "extensions_config.json",
    error: null,
  };
  it("keeps file order, or puts what needs attention first", () => {
    expect(serverRows(doc).map((r) => r.name)).toEqual(["a", "s", "b", "c"]);
    expect(serverRows(doc, true).map((r) => r.name)).toEqual(["b", "a", "s", "c"]);
  });
  it("counts a sleeping server as ready, not running, and sums what the enabled servers cost", () => {
    expect(serversTotals(serverRows(doc))).toEqual({ servers: 4, ready: 2, running: 1, bound: 90, deferred: 40 });
  });
});

describe("the OAuth callback's note in the URL", () => {
  it("reads a sign-in or an error, and the panel to open", () => {
    expect(oauthNotice("?panel=servers&signed_in=secure")).toEqual({ kind: "signed_in", server: "secure" });
    expect(oauthNotice("?panel=servers&server=secure&oauth_error=denied")).toEqual({
      kind: "error",
      server: "secure",
      detail: "denied",
    });
    expect(oauthNotice("?thread=t1")).toBeNull();
    expect(opensServersPanel("?panel=servers")).toBe(true);
    expect(opensServersPanel("?thread=t1")).toBe(false);
  });
  it("is removed from the URL afterwards, keeping the thread", () => {
    expect(withoutOAuthParams("http://h/?thread=t1&panel=servers&signed_in=s")).toBe("http://h/?thread=t1");
  });
});
