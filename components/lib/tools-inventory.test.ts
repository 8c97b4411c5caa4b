import { describe, expect, it } from "vitest";
import type { Phrase } from "@/components/i18n/phrase";
import { ToolsResponseSchema } from "@/lib/contracts/inventory";
import { inChinese, inEnglish } from "@/test/support/i18n";
import { listingWhy } from "./promotion-view";
import { inventoryView, type ToolsInventory } from "./tools-inventory";

const inv: ToolsInventory = ToolsResponseSchema.parse({
  tools: [
    {
      name: "tool_search",
      source: "builtin",
      server: null,
      group: null,
      description: "Find deferred tools",
      deferred: false,
      promoted: false,
      tokens: 80,
    },
    {
      name: "ls",
      source: "config",
      server: null,
      group: "sandbox",
      description: "List files",
      deferred: false,
      promoted: false,
      tokens: 40,
    },
    {
      name: "memory_read_graph",
      source: "mcp",
      server: "memory",
      group: null,
      description: "Read the knowledge graph",
      deferred: true,
      promoted: true,
      tokens: 30,
    },
    {
      name: "memory_create_entities",
      source: "mcp",
      server: "memory",
      group: null,
      description: "Create entities",
      deferred: true,
      promoted: false,
      tokens: 120,
    },
    {
      name: "fs_read_file",
      source: "mcp",
      server: "filesystem",
      group: null,
      description: "Read a file",
      deferred: true,
      promoted: false,
      tokens: 90,
    },
  ],
  shadowed: [{ name: "ls", source: "mcp", server: "filesystem", shadowed_by: "config" }],
  mcp_servers: [
    { name: "memory", status: "connected", transport: "stdio", tools: 2, error: null },
    { name: "filesystem", status: "connected", transport: "stdio", tools: 1, error: null },
    { name: "github", status: "failed", transport: "http", tools: 0, error: "GITHUB_TOKEN is not set" },
  ],
  catalog_hash: "abcdef0123456789",
  tool_search: { enabled: true, max_results: 5 },
  thread: { thread_id: "t1", promoted: ["memory_read_graph"], promoted_hash: "abcdef0123456789", stale: false },
  tokens: { bound_next_call: 150, all_bound: 360 },
});

describe("ToolsResponseSchema", () => {
  it("fills decorations the server left out", () => {
    const parsed = ToolsResponseSchema.parse({
      tools: [{ name: "x", source: "mcp", deferred: true, promoted: false }],
    });
    expect(parsed.tools[0]).toMatchObject({ server: null, description: "", tokens: 0 });
    expect(parsed.thread).toBeNull();
  });

  it("names the field that is wrong", () => {
    const result = ToolsResponseSchema.safeParse({
      tools: [{ name: "x", source: "elsewhere", deferred: true, promoted: false }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["tools", 0, "source"]);
  });
});

describe("inventoryView", () => {
  it("splits promoted, deferred per server and always-bound tools", () => {
    const v = inventoryView(inv);
    expect(v.promoted.map((t) => t.name)).toEqual(["memory_read_graph"]);
    expect(v.bound.map((t) => t.name)).toEqual(["tool_search", "ls"]);
    expect(v.servers.map((s) => [s.server.name, s.tools.map((t) => t.name), s.promotedCount])).toEqual([
      ["memory", ["memory_create_entities"], 1],
      ["filesystem", ["fs_read_file"], 0],
      ["github", [], 0],
    ]);
    expect(v.counts).toEqual({ promoted: 1, deferred: 2, total: 5 });
    expect(v.tokens).toEqual({ nextCall: 150, allBound: 360 });
    expect(v.drifted).toEqual([]);
    expect(v.demoted).toEqual([]);
  });

  it("applies promotions from the stream at once and counts their tokens", () => {
    const v = inventoryView(inv, {
      live: { catalog_hash: "abcdef0123456789", names: ["memory_read_graph", "fs_read_file"] },
    });
    expect(v.promoted.map((t) => [t.name, t.live])).toEqual([
      ["fs_read_file", true],
      ["memory_read_graph", false],
    ]);
    expect(v.servers.find((s) => s.server.name === "filesystem")?.tools).toEqual([]);
    expect(v.tokens.nextCall).toBe(240);
  });

  it("ignores streamed promotions made under another catalog", () => {
    const v = inventoryView(inv, { live: { catalog_hash: "0000000000000000", names: ["fs_read_file"] } });
    expect(v.promoted.map((t) => t.name)).toEqual(["memory_read_graph"]);
  });

  it("drops another thread's promotions while the new thread's inventory loads", () => {
    const v = inventoryView(inv, { sameThread: false, live: null });
    expect(v.promoted).toEqual([]);
    expect(v.tokens.nextCall).toBe(120);
  });

  it("filters by name, description, server and group, keeping servers that match by name", () => {
    // memory_read_graph matches too, but it is listed under Promoted, not under its server.
    expect(inventoryView(inv, { filter: "READ" }).servers.map((s) => s.server.name)).toEqual(["filesystem"]);
    expect(inventoryView(inv, { filter: "read" }).promoted.map((t) => t.name)).toEqual(["memory_read_graph"]);
    expect(inventoryView(inv, { filter: "sandbox" }).bound.map((t) => t.name)).toEqual(["ls"]);
    expect(inventoryView(inv, { filter: "github" }).servers.map((s) => s.server.name)).toEqual(["github"]);
    expect(inventoryView(inv, { filter: "filesystem" }).shadowed).toHaveLength(1);
    // Separators in names count as spaces, either way round.
    expect(inventoryView(inv, { filter: "read graph" }).promoted.map((t) => t.name)).toEqual(["memory_read_graph"]);
    expect(inventoryView(inv, { filter: "memory-read" }).promoted.map((t) => t.name)).toEqual(["memory_read_graph"]);
  });

  it("reports a promotion whose own tool changed, with what the server changed", () => {
    const drifted = ToolsResponseSchema.parse({
      ...inv,
      thread: {
        thread_id: "t1",
        promoted: [],
        stale: true,
        drifted: [
          { name: "memory_read_graph", reason: "changed", promoted_hash: "h1", current_hash: "h2" },
          { name: "gone_tool", reason: "removed", promoted_hash: "h3", current_hash: null },
        ],
      },
      catalog_change: { at: "2026-12-01T00:00:00Z", changed: [{ name: "memory_read_graph", fields: ["description"] }] },
    });
    const v = inventoryView({ ...drifted, tools: drifted.tools.map((t) => ({ ...t, promoted: false })) });
    expect(v.drifted.map((d) => ({ ...d, why: inEnglish(d.why) }))).toEqual([
      {
        name: "memory_read_graph",
        server: "memory",
        why: "the server changed its description; search again to load it",
      },
      { name: "gone_tool", server: null, why: "the server no longer lists this tool" },
    ]);
    expect(v.drifted.map((d) => inChinese(d.why))).toEqual([
      "服务器更改了它的描述；请重新搜索以加载",
      "服务器已不再列出此工具",
    ]);
    expect(v.catalogChange?.changed).toEqual([{ name: "memory_read_graph", fields: ["description"] }]);
  });

  it("lists demotions newest first with why, from the stream when it has them", () => {
    const withBudget = ToolsResponseSchema.parse({
      ...inv,
      tool_search: { enabled: true, max_results: 5, budget: { tokens: 200, count: null } },
      thread: {
        thread_id: "t1",
        promoted: ["memory_read_graph"],
        demoted: [
          {
            name: "fs_read_file",
            hash: "h",
            tokens: 90,
            reason: "evicted",
            at: 4,
            used_at: null,
            for: ["memory_read_graph"],
          },
          {
            name: "memory_create_entities",
            hash: "h",
            tokens: 120,
            reason: "over_budget",
            at: 5,
            used_at: null,
            for: [],
          },
        ],
        budget_used: { tokens: 30, count: 1 },
      },
    });
    const v = inventoryView(withBudget);
    expect(v.demoted.map((d) => [d.name, d.reason, inEnglish(d.why)])).toEqual([
      ["memory_create_entities", "over_budget", "did not fit the promoted budget of 200 tokens"],
      ["fs_read_file", "evicted", "made room for memory_read_graph under the budget: promoted but never called"],
    ]);
    expect(inChinese(v.demoted[1]?.why as Phrase)).toBe("为 memory_read_graph 腾出预算：提升后从未调用");
    expect(v.budget).toEqual({ tokens: 30, limit: 200, count: 1, countLimit: null });
    const live = inventoryView(withBudget, {
      live: {
        names: ["fs_read_file"],
        tools: [{ name: "fs_read_file", hash: "h", tokens: 90 }],
        demoted: [
          {
            name: "memory_read_graph",
            hash: "h",
            tokens: 30,
            reason: "evicted",
            at: 6,
            used_at: 3,
            for: ["fs_read_file"],
          },
        ],
      },
    });
    expect(live.demoted.map((d) => [d.name, inEnglish(d.why)])).toEqual([
      ["memory_read_graph", "made room for fs_read_file under the budget: the least recently called"],
    ]);
    expect(live.budget.tokens).toBe(90);
  });

  it("a streamed promotion counts only under the tool's current schema hash", () => {
    const hashed = ToolsResponseSchema.parse({
      ...inv,
      tools: inv.tools.map((t) => ({ ...t, hash: t.deferred ? `${t.name}@2` : null })),
    });
    const v = inventoryView(hashed, {
      live: {
        names: ["fs_read_file", "memory_create_entities"],
        tools: [
          { name: "fs_read_file", hash: "fs_read_file@2" },
          { name: "memory_create_entities", hash: "memory_create_entities@1" },
        ],
      },
    });
    // The streamed state is the whole set: memory_read_graph is not in it, memory_create_entities changed since.
    expect(v.promoted.map((t) => t.name)).toEqual(["fs_read_file"]);
  });

  it("shows MCP tools as bound when tool_search is off, and tools of unlisted servers", () => {
    const off = ToolsResponseSchema.parse({
      tools: [
        { name: "a", source: "mcp", server: "s1", deferred: false, promoted: false },
        { name: "b", source: "mcp", server: null, deferred: true, promoted: false },
      ],
    });
    const v = inventoryView(off);
    expect(v.servers.map((s) => [s.server.name, s.tools.map((t) => `${t.name}:${t.state}`)])).toEqual([
      ["s1", ["a:bound"]],
      ["(unknown server)", ["b:deferred"]],
    ]);
  });
});

describe("listingWhy", () => {
  const listing = (over: Partial<NonNullable<ToolsInventory["tool_search"]["listing"]>>) => ({
    setting: "auto" as const,
    mode: "names" as const,
    reason: null,
    tokens: 283,
    omitted: 0,
    names: 39,
    max_tokens: 1500,
    ...over,
  });

  it("says what auto weighed, or that the listing was set, in the UI's language", () => {
    const why = (l: ReturnType<typeof listing>) => listingWhy(l) as Phrase;
    expect(inEnglish(why(listing({})))).toBe("auto: 39 names fit in 1,500 tokens");
    expect(inEnglish(why(listing({ mode: "servers", names: 2000 })))).toBe(
      "auto: 2000 names would cost more than 1,500 tokens",
    );
    expect(inEnglish(why(listing({ names: 1 })))).toBe("auto: 1 name fits in 1,500 tokens");
    expect(inEnglish(why(listing({ setting: "servers", mode: "servers" })))).toBe("set to servers");
    expect(inEnglish(why(listing({ setting: "names" })))).toBe("set to names");
    expect(inChinese(why(listing({})))).toBe("auto：39 个名称在 1,500 个令牌之内");
  });

  it("says nothing when there is no listing (tool_search off or nothing deferred)", () => {
    expect(listingWhy(listing({ mode: null }))).toBeNull();
  });
});

describe("paging in the view", () => {
  it("a server's lifecycle and cache time default for older documents and pass through when sent", () => {
    const parsed = ToolsResponseSchema.parse({
      tools: [],
      mcp_servers: [
        { name: "old", status: "connected" },
        { name: "lazy", status: "sleeping", lifecycle: "lazy", idle_timeout_s: 300, cached_at: "2026-12-01T10:00:00Z" },
      ],
    });
    expect(parsed.mcp_servers[0]).toMatchObject({ lifecycle: "eager", cached_at: null, idle_timeout_s: null });
    const view = inventoryView(parsed);
    expect(view.servers.map((s) => [s.server.name, s.server.status, s.server.lifecycle])).toEqual([
      ["old", "connected", "eager"],
      ["lazy", "sleeping", "lazy"],
    ]);
  });

  it("marks tools prefetch promoted: from the inventory, or from the live stream's via", () => {
    const withPrefetch = ToolsResponseSchema.parse({
      ...inv,
      thread: { ...inv.thread, prefetched: ["memory_read_graph"] },
    });
    const fromServer = inventoryView(withPrefetch).promoted.find((t) => t.name === "memory_read_graph");
    expect(fromServer?.prefetched).toBe(true);
    const live = {
      tools: [
        { name: "memory_read_graph", hash: "h1" },
        { name: "memory_create_entities", hash: "h2", via: "prefetch" as const },
      ],
    };
    const view = inventoryView(inv, { live });
    expect(view.promoted.map((t) => [t.name, t.prefetched])).toEqual([
      ["memory_create_entities", true],
      ["memory_read_graph", false],
    ]);
    expect(view.servers.flatMap((s) => s.tools).every((t) => !t.prefetched)).toBe(true);
  });
});
