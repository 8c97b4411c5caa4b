import { describe, expect, it } from "vitest";
import type { CatalogEntry, ScoredEntry } from "./catalog";
import { planPromotion, searchResultText, shortDescription } from "./promotion";

const entry = (name: string): CatalogEntry => ({
  name,
  server: "s",
  definition: { type: "function", function: { name, description: `${name}. More.`, parameters: { type: "object" } } },
});
const found = (...xs: Array<[string, number | null]>): ScoredEntry[] =>
  xs.map(([n, score]) => ({ entry: entry(n), score }));
const tokens = (n: string) => (n.startsWith("big") ? 100 : 10);
const NONE = { tokens: null, count: null };

describe("planPromotion", () => {
  it("names results scoring below the share of the best, promotes the rest", () => {
    const plan = planPromotion(found(["a", 10], ["b", 6], ["c", 4.9]), { minRelativeScore: 0.5, budget: NONE }, tokens);
    expect(plan.promote.map((e) => e.name)).toEqual(["a", "b"]);
    expect(plan.namesOnly.map((x) => [x.entry.name, x.why])).toEqual([["c", "weak"]]);
  });
  it("0 promotes everything; unscored results are never weak", () => {
    expect(
      planPromotion(found(["a", 10], ["b", 0.1]), { minRelativeScore: 0, budget: NONE }, tokens).promote,
    ).toHaveLength(2);
    expect(
      planPromotion(found(["a", null], ["b", null]), { minRelativeScore: 1, budget: NONE }, tokens).promote,
    ).toHaveLength(2);
  });
  it("keeps the batch within the budget best first, skipping what does not fit", () => {
    const plan = planPromotion(
      found(["a", 10], ["big", 9], ["c", 8]),
      { minRelativeScore: 0, budget: { tokens: 25, count: null } },
      tokens,
    );
    expect(plan.promote.map((e) => e.name)).toEqual(["a", "c"]);
    expect(plan.namesOnly.map((x) => [x.entry.name, x.why])).toEqual([["big", "budget"]]);
    const byCount = planPromotion(
      found(["a", 1], ["c", 1]),
      { minRelativeScore: 0, budget: { tokens: null, count: 1 } },
      tokens,
    );
    expect(byCount.promote.map((e) => e.name)).toEqual(["a"]);
  });
});

describe("searchResultText", () => {
  it("the design's bare array when everything was promoted", () => {
    const text = searchResultText({ promote: [entry("a")], namesOnly: [] });
    expect(JSON.parse(text)).toEqual([entry("a").definition.function]);
  });
  it("an object naming what was not loaded, and why", () => {
    const text = searchResultText({ promote: [entry("a")], namesOnly: [{ entry: entry("b"), why: "weak" }] });
    expect(JSON.parse(text)).toEqual({
      tools: [entry("a").definition.function],
      not_loaded: [{ name: "b", description: "b.", why: "a weaker match" }],
      note: 'Only "tools" were loaded. To load another, call tool_search with "select:NAME".',
    });
  });
  it("shortDescription keeps the first sentence within a limit", () => {
    expect(shortDescription("One. Two.")).toBe("One.");
    expect(shortDescription("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
