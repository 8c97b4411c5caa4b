import { z } from "zod";
import { describe, expect, it } from "vitest";
import { isPrefetchCall } from "@/lib/contracts/prefetch";
import { makeTool } from "@/test/support/tools";
import { ToolCatalog } from "./catalog";
import { planPrefetch, prefetchMessages, prefetchQuery } from "./prefetch";
import { mergePromoted } from "./promoted";
import { PROMOTE_ALL, promoteUpdate } from "./promotion";

const catalog = new ToolCatalog([
  {
    tool: makeTool("wb_convert_units", "Convert a quantity between units of length, mass and temperature"),
    server: "wb",
  },
  { tool: makeTool("wb_calculate", "Evaluate an arithmetic expression"), server: "wb" },
  { tool: makeTool("wb_hash_text", "Compute a SHA-256 or MD5 hash of a text"), server: "wb" },
  {
    tool: makeTool("wb_base64_encode", "Encode text as base64", { text: z.string() }),
    server: "wb",
  },
  { tool: makeTool("wb_base64_decode", "Decode base64 back to text", { text: z.string() }), server: "wb" },
]);
const opts = { catalog, k: 2, minScore: 2, policy: PROMOTE_ALL };

describe("prefetchQuery", () => {
  it("reads a message as plain words: never a regex, select: or +term query", () => {
    expect(prefetchQuery("calculate: 12*(3+4)")).toBe("calculate 12 3 4");
    expect(prefetchQuery("select:wb_calculate")).toBe("select wb_calculate".replace("_", " "));
    expect(prefetchQuery("+hash .* ^foo$")).toBe("hash foo");
    expect(prefetchQuery("  ?! ")).toBe("");
    expect(prefetchQuery("计算 12*(3+4)")).toBe("计算 12 3 4");
    const long = prefetchQuery(`${"convert ".repeat(100)}units`);
    expect(long.length).toBeLessThanOrEqual(500);
    expect(long.endsWith("convert")).toBe(true);
  });
});

describe("planPrefetch", () => {
  it("promotes the clear best matches, at most k, and only those at or above min_score", () => {
    const p = planPrefetch("please convert 5 km to miles", opts);
    expect(p?.plan.promote.map((e) => e.name)).toEqual(["wb_convert_units"]);
    expect(p?.found.every((f) => (f.score ?? 0) >= opts.minScore)).toBe(true);
    const two = planPrefetch("base64 encode and decode this text", opts);
    expect(two?.plan.promote.length).toBeLessThanOrEqual(2);
    const one = planPrefetch("base64 encode and decode this text", { ...opts, k: 1 });
    expect(one?.plan.promote).toHaveLength(1);
  });

  it("promotes nothing for small talk or below the threshold", () => {
    expect(planPrefetch("hello there", opts)).toBeNull();
    expect(planPrefetch("", opts)).toBeNull();
    const best = catalog.searchScored("convert km to miles", 1)[0]?.score ?? 0;
    expect(planPrefetch("convert km to miles", { ...opts, minScore: best + 0.01 })).toBeNull();
    expect(planPrefetch("convert km to miles", { ...opts, minScore: best })).not.toBeNull();
  });

  it("applies the relative cut and the budget of tool_search", () => {
    const tight = { tokens: catalog.tokens("wb_base64_encode") + 1, count: null };
    const p = planPrefetch("base64 encode decode text", { ...opts, policy: { minRelativeScore: 0, budget: tight } });
    expect(p?.plan.promote).toHaveLength(1);
    expect(p?.plan.namesOnly.map((n) => n.why)).toEqual(["budget"]);
  });
});

describe("prefetch in the thread", () => {
  it("is recorded as a tool_search call marked prefetch and its result, and promotes with via: prefetch", () => {
    const p = planPrefetch("hash this text with sha-256", opts);
    if (!p) throw new Error("expected a prefetch");
    const [call, result] = prefetchMessages(p);
    const id = call.tool_calls?.[0]?.id;
    expect(isPrefetchCall(id)).toBe(true);
    expect(call.tool_calls?.[0]).toMatchObject({ name: "tool_search", args: { query: "select:wb_hash_text" } });
    expect(result.tool_call_id).toBe(id);
    expect(JSON.parse(String(result.content))[0].name).toBe("wb_hash_text");
    const promoted = mergePromoted(undefined, promoteUpdate(catalog, p.plan.promote, PROMOTE_ALL.budget, "prefetch"));
    expect(promoted.tools).toEqual([expect.objectContaining({ name: "wb_hash_text", via: "prefetch" })]);
    // A search that promotes it again makes it a searched tool.
    const searched = mergePromoted(promoted, promoteUpdate(catalog, p.plan.promote, PROMOTE_ALL.budget));
    expect(searched.tools[0]?.via).toBeUndefined();
  });

  it("goes through the budget like a search: the least recently used tool is demoted to make room", () => {
    const budget = { tokens: catalog.tokens("wb_calculate") + catalog.tokens("wb_hash_text") + 1, count: null };
    let promoted = mergePromoted(undefined, promoteUpdate(catalog, [catalog.get("wb_calculate")!], budget));
    promoted = mergePromoted(promoted, promoteUpdate(catalog, [catalog.get("wb_hash_text")!], budget));
    promoted = mergePromoted(promoted, { op: "use", names: ["wb_calculate"] });
    const p = planPrefetch("convert 3 feet to meters", { ...opts, k: 1, policy: { minRelativeScore: 0.7, budget } });
    promoted = mergePromoted(promoted, promoteUpdate(catalog, p!.plan.promote, budget, "prefetch"));
    expect(promoted.names.sort()).toEqual(["wb_calculate", "wb_convert_units"]);
    expect(promoted.demoted.map((d) => [d.name, d.reason])).toEqual([["wb_hash_text", "evicted"]]);
    expect(promoted.tools.reduce((n, t) => n + t.tokens, 0)).toBeLessThanOrEqual(budget.tokens);
  });
});
