import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ToolCatalog } from "./catalog";
import { makeTool } from "@/test/support/tools";

/** `count` tools named `${prefix}_${i}`, each described by `text(i)`, on the server `serverOf(i)` (`prefix`). */
const numberedTools = (
  count: number,
  prefix: string,
  text: (i: number) => string,
  serverOf: (i: number) => string = () => prefix,
) => Array.from({ length: count }, (_, i) => ({ tool: makeTool(`${prefix}_${i}`, text(i)), server: serverOf(i) }));

describe("ToolCatalog", () => {
  const tools = [makeTool("b_tool"), makeTool("a_tool"), makeTool("c_tool", "counts lines")].map((tool) => ({
    tool,
    server: "s",
  }));

  it("hash is 16 hex chars and independent of order", () => {
    const h = new ToolCatalog(tools).hash;
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(new ToolCatalog([...tools].reverse()).hash).toBe(h);
  });

  it("hash changes when a schema changes, not only when names do", () => {
    const changed = [
      makeTool("b_tool"),
      makeTool("a_tool"),
      makeTool("c_tool", "counts lines", { value: z.number() }),
    ].map((tool) => ({ tool, server: "s" }));
    expect(new ToolCatalog(changed).hash).not.toBe(new ToolCatalog(tools).hash);
  });

  it("definitions are OpenAI function definitions", () => {
    const c = new ToolCatalog(tools);
    expect(c.get("a_tool")?.definition).toMatchObject({
      type: "function",
      function: { name: "a_tool", parameters: { type: "object" } },
    });
  });

  it("select: picks by exact name and every mode is capped", () => {
    const c = new ToolCatalog(tools);
    expect(c.search("select:c_tool,a_tool", 5).map((e) => e.name)).toEqual(["c_tool", "a_tool"]);
    expect(c.search("tool", 2)).toHaveLength(2);
    expect(c.search("select:a_tool,b_tool,c_tool", 1)).toHaveLength(1);
    expect(c.search("+c_ lines", 5).map((e) => e.name)).toEqual(["c_tool"]);
  });
});

describe("catalogHash", () => {
  it("is the design's formula: sha256 of json.dumps(sorted [{name, schema}], sort_keys=True)[:16]", async () => {
    const { createHash } = await import("node:crypto");
    const { catalogHash } = await import("./catalog");
    const def = (name: string) => ({
      type: "function" as const,
      function: {
        name,
        description: `${name} tool`,
        parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
      },
    });
    // Written out by hand the way Python prints it.
    const python =
      '[{"name": "a", "schema": {"description": "a tool", "name": "a", "parameters": {"properties": {"q": {"type": "string"}}, "required": ["q"], "type": "object"}}}, ' +
      '{"name": "b", "schema": {"description": "b tool", "name": "b", "parameters": {"properties": {"q": {"type": "string"}}, "required": ["q"], "type": "object"}}}]';
    const expected = createHash("sha256").update(python, "utf8").digest("hex").slice(0, 16);
    expect(
      catalogHash([
        { name: "b", definition: def("b") },
        { name: "a", definition: def("a") },
      ]),
    ).toBe(expected);
  });
});

describe("per-tool hashes, annotations, servers", () => {
  const entries = (desc: string) =>
    [makeTool("a_tool"), makeTool("b_tool", desc)].map((tool) => ({ tool, server: "s" }));

  it("each tool has its own hash: changing one tool changes only its hash", async () => {
    const { toolHash } = await import("./catalog");
    const before = new ToolCatalog(entries("b does things"));
    const after = new ToolCatalog(entries("b does other things"));
    expect(after.toolHashes.get("a_tool")).toBe(before.toolHashes.get("a_tool"));
    expect(after.toolHashes.get("b_tool")).not.toBe(before.toolHashes.get("b_tool"));
    const a = before.get("a_tool");
    expect(before.toolHashes.get("a_tool")).toBe(toolHash(a as NonNullable<typeof a>));
    expect(before.toolHashes.get("a_tool")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("keeps the annotations an MCP server listed (from the tool's metadata), ignoring malformed ones", () => {
    const ro = Object.assign(makeTool("ro"), { metadata: { annotations: { readOnlyHint: true, title: "RO" } } });
    const bad = Object.assign(makeTool("bad"), { metadata: { annotations: { readOnlyHint: "yes" } } });
    const c = new ToolCatalog([
      { tool: ro, server: "s" },
      { tool: bad, server: "s" },
    ]);
    expect(c.get("ro")?.annotations).toEqual({ readOnlyHint: true, title: "RO" });
    expect(c.get("bad")?.annotations).toBeUndefined();
  });

  it("groups tools by server in first-seen order", () => {
    const c = new ToolCatalog([
      { tool: makeTool("x1"), server: "x" },
      { tool: makeTool("y1"), server: "y" },
      { tool: makeTool("x2"), server: "x" },
    ]);
    expect(c.servers().map((s) => [s.name, s.tools.map((t) => t.name)])).toEqual([
      ["x", ["x1", "x2"]],
      ["y", ["y1"]],
    ]);
  });

  it("searchScored gives scores for plain text, null for exact modes, and can stay within one server", () => {
    const c = new ToolCatalog([
      { tool: makeTool("git_commit", "Record changes to the repository"), server: "git" },
      { tool: makeTool("git_log", "Show the commit log"), server: "git" },
      { tool: makeTool("gh_commit_status", "Commit status checks"), server: "gh" },
    ]);
    const text = c.searchScored("commit", 5);
    expect(text.length).toBeGreaterThan(1);
    expect(text.every((r) => typeof r.score === "number" && r.score > 0)).toBe(true);
    expect(c.searchScored("select:git_log", 5)).toEqual([{ entry: c.get("git_log"), score: null }]);
    expect(c.searchScored("commit", 5, "git").map((r) => r.entry.server)).toEqual(["git", "git"]);
    // A long request searched clause by clause stays within the server too.
    const long = "record my changes to the repository with a message; then show the commit status checks";
    expect(c.searchScored(long, 5).map((r) => r.entry.name)).toContain("gh_commit_status");
    expect(c.searchScored(long, 5, "git").map((r) => r.entry.server)).toEqual(["git", "git"]);
  });

  it("warm() builds the search index once per catalog and techniques, and searches read it", async () => {
    const own = [makeTool("warm_alpha", "reads alpha"), makeTool("warm_beta", "writes beta")].map((tool) => ({
      tool,
      server: "w",
    }));
    const c = new ToolCatalog(own);
    const first = await c.warm();
    expect(first.built).toBe(true);
    expect(first.slices).toBeGreaterThan(0);
    expect(first.busyMs).toBeLessThanOrEqual(first.ms);
    expect(await c.warm()).toEqual({ built: false, abandoned: false, ms: 0, busyMs: 0, slices: 0, longestSliceMs: 0 });
    // An identical catalog shares the index; other techniques need their own.
    expect((await new ToolCatalog(own).warm()).built).toBe(false);
    expect((await new ToolCatalog(own, { lexicon: false }).warm()).built).toBe(true);
    expect(c.search("writes beta", 1).map((e) => e.name)).toEqual(["warm_beta"]);
  });

  it("a newer catalog's warm() abandons an older one's build still under way; a search of the older builds its own", async () => {
    const tools = (prefix: string) => numberedTools(30, prefix, (i) => `${prefix} keeps record ${i} of the archive`);
    const older = new ToolCatalog(tools("older"));
    const newer = new ToolCatalog(tools("newer"));
    const first = older.warm(0);
    await new Promise((resolve) => setImmediate(resolve));
    const second = newer.warm(0);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ built: false, abandoned: true });
    expect(a.slices).toBeGreaterThan(0);
    expect(b).toMatchObject({ built: true, abandoned: false });
    // The older catalog's index was not kept half-built: its first search builds it, and warming again then finds it.
    expect(older.search("older keeps record 12", 1).map((e) => e.name)).toEqual(["older_12"]);
    expect((await older.warm()).built).toBe(false);
  });

  it("warm() gives the event loop turns while it builds, and a search meanwhile finishes the build at once", async () => {
    const own = numberedTools(
      40,
      "sliced",
      (i) => `handles sliced job number ${i} and its ledger`,
      (i) => `s${i % 4}`,
    );
    const c = new ToolCatalog(own);
    let resolved = false;
    const warming = c.warm(0).then((r) => {
      resolved = true;
      return r;
    });
    // Three turns of the event loop, each seeing the build still under way.
    const seen: boolean[] = [];
    await new Promise<void>((resolve) => {
      const turn = () => {
        seen.push(resolved);
        if (seen.length < 3) setImmediate(turn);
        else resolve();
      };
      setImmediate(turn);
    });
    expect(seen).toEqual([false, false, false]);
    // A search cannot wait: it finishes the build, and warm() then finds it done.
    expect(c.search("sliced job number 7", 1).map((e) => e.name)).toEqual(["sliced_7"]);
    const warmed = await warming;
    expect(warmed.built).toBe(true);
    expect(warmed.slices).toBeGreaterThan(2);
    expect((await new ToolCatalog(own).warm()).built).toBe(false);
  });

  it("warmPatterns() builds the pattern index in slices once the search index is built, and patterns read it", async () => {
    const own = numberedTools(
      600,
      "pattern",
      (i) => `files report ${i} in the quarterly ledger`,
      (i) => `p${i % 3}`,
    );
    const c = new ToolCatalog(own);
    // Nothing to build on before the search index exists.
    expect((await c.warmPatterns()).built).toBe(false);
    expect((await c.warm()).built).toBe(true);
    const patterns = await c.warmPatterns(0);
    expect(patterns).toMatchObject({ built: true, abandoned: false });
    // 600 tools, slices of 0 ms: the lower-casing and each run of 256 texts is a slice of its own.
    expect(patterns.slices).toBeGreaterThan(3);
    expect((await c.warmPatterns()).built).toBe(false);
    expect(c.search("pattern_1[0-9]{2}$", 3).map((e) => e.name)).toEqual(["pattern_100", "pattern_101", "pattern_102"]);
  });

  it("a warm() of another catalog stops a pattern index under way; the first pattern search builds the rest", async () => {
    const tools = (prefix: string) => numberedTools(600, prefix, (i) => `${prefix} keeps page ${i} of the atlas`);
    const older = new ToolCatalog(tools("atlas_old"));
    await older.warm();
    const patterns = older.warmPatterns(0);
    await new Promise((resolve) => setImmediate(resolve));
    const newer = new ToolCatalog(tools("atlas_new"));
    await newer.warm();
    const stopped = await patterns;
    expect(stopped).toMatchObject({ built: false, abandoned: true });
    expect(stopped.slices).toBeGreaterThan(0);
    expect(older.search("atlas_old_59[0-9]", 2).map((e) => e.name)).toEqual(["atlas_old_590", "atlas_old_591"]);
    // That search finished it: nothing is left to warm.
    expect((await older.warmPatterns()).built).toBe(false);
  });

  it("reads each server's description with its tools, and a reworded description keeps the hash", () => {
    const tools = [
      { tool: makeTool("get_holdings", "Get holdings for the current user"), server: "kite" },
      { tool: makeTool("get_margins", "Get margins for the current user"), server: "kite" },
      { tool: makeTool("get_user_data", "Get the current user's profile"), server: "pager" },
    ];
    const plain = new ToolCatalog(tools);
    const described = new ToolCatalog(tools, undefined, new Map([["kite", "Zerodha's stock trading API"]]));
    const names = (c: ToolCatalog, q: string) => c.search(q, 5).map((e) => e.name);
    expect(names(plain, "zerodha")).toEqual([]);
    expect(names(described, "zerodha").sort()).toEqual(["get_holdings", "get_margins"]);
    // The searchers are cached per description too, not only per hash: a reworded one is read anew.
    const reworded = new ToolCatalog(tools, undefined, new Map([["pager", "Zerodha's on-call rota"]]));
    expect(names(reworded, "zerodha")).toEqual(["get_user_data"]);
    // A promotion is keyed by the hash, which the description is not part of.
    expect(described.hash).toBe(plain.hash);
    expect(reworded.hash).toBe(plain.hash);
  });
});
