import { describe, expect, it } from "vitest";
import {
  activePromotions,
  DEMOTED_KEPT,
  driftedPromotions,
  EMPTY_PROMOTED,
  mergePromoted,
  NO_BUDGET,
  normalizePromoted,
  type PromotedBudget,
  type Promoted,
} from "./promoted";

const tool = (name: string, tokens = 10, hash = `h-${name}`) => ({ name, hash, tokens });
const promote = (tools: ReturnType<typeof tool>[], budget: PromotedBudget = NO_BUDGET) => ({
  op: "promote" as const,
  catalog_hash: "c1",
  tools,
  budget,
});
const use = (...names: string[]) => ({ op: "use" as const, names });
const run = (...updates: unknown[]) => updates.reduce<Promoted>((p, u) => mergePromoted(p, u), EMPTY_PROMOTED);

describe("mergePromoted", () => {
  it("nothing to apply keeps what is there", () => {
    const a = run(promote([tool("x")]));
    expect(mergePromoted(a, undefined)).toEqual(a);
    expect(mergePromoted(a, null)).toEqual(a);
    expect(mergePromoted(a, promote([]))).toEqual(a);
    expect(mergePromoted(a, use("not_promoted"))).toEqual(a);
    expect(mergePromoted(undefined, undefined)).toEqual(EMPTY_PROMOTED);
  });

  it("promotes in order without duplicates; names mirrors tools and catalog_hash is the latest", () => {
    const p = run(promote([tool("x"), tool("y"), tool("x")]), promote([tool("z"), tool("x")]));
    expect(p.names).toEqual(["y", "z", "x"]);
    expect(p.tools.map((t) => t.name)).toEqual(p.names);
    expect(p.catalog_hash).toBe("c1");
    expect(p.clock).toBe(2);
  });

  it("a use stamps the tool's last call; re-promoting the same schema keeps it, a new schema starts over", () => {
    const p = run(promote([tool("x"), tool("y")]), use("x"));
    expect(p.tools.find((t) => t.name === "x")?.used_at).toBe(2);
    expect(p.tools.find((t) => t.name === "y")?.used_at).toBeNull();
    expect(mergePromoted(p, promote([tool("x")])).tools.find((t) => t.name === "x")?.used_at).toBe(2);
    expect(mergePromoted(p, promote([tool("x", 10, "new")])).tools.find((t) => t.name === "x")).toMatchObject({
      hash: "new",
      used_at: null,
    });
  });

  it("over the token budget, a never-called tool goes first, then the least recently called", () => {
    const budget = { tokens: 30, count: null };
    const p = run(
      promote([tool("a"), tool("b"), tool("c")], budget),
      use("b"),
      use("a"),
      promote([tool("d")], budget), // c was never called: it goes
      use("d"),
      promote([tool("e")], budget), // b was called before a and d
    );
    expect(p.names).toEqual(["a", "d", "e"]);
    expect(p.demoted.map((d) => [d.name, d.reason, d.for])).toEqual([
      ["c", "evicted", ["d"]],
      ["b", "evicted", ["e"]],
    ]);
    expect(p.demoted[1]?.used_at).toBe(2);
  });

  it("a count budget works the same way", () => {
    const p = run(
      promote([tool("a"), tool("b")], { tokens: null, count: 2 }),
      promote([tool("c")], { tokens: null, count: 2 }),
    );
    // a and b came from one search and were never called: the lower ranked (b) goes first.
    expect(p.names).toEqual(["a", "c"]);
  });

  it("new tools that cannot fit even alone are refused, lowest ranked first", () => {
    const p = run(promote([tool("a", 10)]), promote([tool("big", 50), tool("small", 5)], { tokens: 40, count: null }));
    expect(p.names).toEqual([]);
    expect(p.demoted.map((d) => [d.name, d.reason])).toEqual([
      ["a", "evicted"],
      ["small", "over_budget"],
      ["big", "over_budget"],
    ]);
    const q = run(promote([tool("big", 30), tool("small", 15)], { tokens: 40, count: null }));
    expect(q.names).toEqual(["big"]);
  });

  it("a demoted tool can be promoted again, and leaves the demoted list", () => {
    const budget = { tokens: 10, count: null };
    const p = run(promote([tool("a")], budget), promote([tool("b")], budget), promote([tool("a")], budget));
    expect(p.names).toEqual(["a"]);
    expect(p.demoted.map((d) => d.name)).toEqual(["b"]);
  });

  it("keeps only the latest demotions", () => {
    const budget = { tokens: 10, count: null };
    const updates = Array.from({ length: DEMOTED_KEPT + 5 }, (_, i) => promote([tool(`t${i}`)], budget));
    const p = run(...updates);
    expect(p.demoted).toHaveLength(DEMOTED_KEPT);
    expect(p.demoted.at(-1)?.name).toBe(`t${DEMOTED_KEPT + 3}`);
  });

  it("ignores updates it cannot verify: the earlier shape, garbage", () => {
    const a = run(promote([tool("x")]));
    expect(mergePromoted(a, { catalog_hash: "c1", names: ["y"] })).toEqual(a);
    expect(mergePromoted(a, { op: "promote", tools: "y" })).toEqual(a);
    expect(mergePromoted(a, 42)).toEqual(a);
  });
});

describe("normalizePromoted: checkpoints of the earlier {catalog_hash, names} shape", () => {
  it("drops the old names into demoted with reason upgrade, so nothing unverified is bound", () => {
    const p = normalizePromoted({ catalog_hash: "old", names: ["x", "y", "x"] });
    expect(p.tools).toEqual([]);
    expect(p.names).toEqual([]);
    expect(p.catalog_hash).toBe("old");
    expect(p.demoted.map((d) => [d.name, d.reason])).toEqual([
      ["x", "upgrade"],
      ["y", "upgrade"],
    ]);
  });
  it("the reducer starts from that and a new promotion of an old name clears its demotion", () => {
    const p = mergePromoted({ catalog_hash: "old", names: ["x", "y"] }, promote([tool("x")]));
    expect(p.names).toEqual(["x"]);
    expect(p.demoted.map((d) => d.name)).toEqual(["y"]);
  });
  it("anything unreadable is nothing promoted", () => {
    expect(normalizePromoted({ names: "x" })).toEqual(EMPTY_PROMOTED);
    expect(normalizePromoted(null)).toEqual(EMPTY_PROMOTED);
  });
});

describe("activePromotions and driftedPromotions", () => {
  const p = run(promote([tool("a"), tool("b"), tool("c")]));
  const hashes = new Map([
    ["a", "h-a"],
    ["b", "changed"],
  ]);
  it("a promotion counts only under its own tool's current schema", () => {
    expect(activePromotions(p, hashes)).toEqual(["a"]);
    expect(activePromotions(undefined, hashes)).toEqual([]);
  });
  it("a changed or removed tool is reported alone; the others are untouched", () => {
    expect(driftedPromotions(p, hashes)).toEqual([
      { name: "b", reason: "changed", promoted_hash: "h-b", current_hash: "changed" },
      { name: "c", reason: "removed", promoted_hash: "h-c", current_hash: null },
    ]);
  });
});
