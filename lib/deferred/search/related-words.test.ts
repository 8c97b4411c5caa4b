import { describe, expect, it } from "vitest";
import { deriveGeneralVectorBytes, GeneralVectors } from "./general-vectors";
import { DEFAULT_RANKER } from "./ranker-config";
import { DEFAULT_RELATED_WORDS_USE, RelatedWords } from "./related-words";
import { LexicalSearcher } from "./searcher";
import { NO_TECHNIQUES } from "./techniques";

/** A table of four-number vectors: campground and trail close together, invoice far from both. */
const TABLE = new GeneralVectors(
  deriveGeneralVectorBytes(
    JSON.stringify({
      dimensions: 4,
      words: ["the", "campground", "trail", "invoice", "trailhead", "payment"],
      vectors: {
        the: [1, 1, 1, 1],
        campground: [1, 0.2, 0, 0],
        trail: [0.9, 0.4, 0, 0],
        invoice: [0, 0, 1, 0.1],
        trailhead: [1, 0.3, 0, 0.05],
        payment: [0, 0.1, 1, 0.2],
      },
    }),
    "fixture.json",
  ),
);

describe("related words: a typed word the catalog lacks reaches the catalog words general text puts near it", () => {
  const catalog = ["campground", "invoic", "the", "trail"];
  const has = (t: string) => catalog.includes(t);

  it("gives the nearest catalog words, nearest first, each at the weight × its cosine", () => {
    const related = new RelatedWords(catalog, TABLE);
    // "the" is a stopword: never a related word.
    expect(related.size).toBe(3);
    const found = related.expansions("trailhead", has, DEFAULT_RELATED_WORDS_USE);
    expect(found.map((e) => e.terms[0])).toEqual(["campground", "trail"]);
    expect(found[0]!.weight).toBeGreaterThan(found[1]!.weight);
    expect(found[0]!.weight).toBeLessThanOrEqual(DEFAULT_RELATED_WORDS_USE.weight);
    // Invoice is far from a trailhead (below the cosine floor).
    expect(found.some((e) => e.terms[0] === "invoic")).toBe(false);
    expect(related.expansions("trailhead", has, { ...DEFAULT_RELATED_WORDS_USE, count: 1 })).toHaveLength(1);
  });

  it("reads nothing for a word the catalog holds, a stopword, a short word, or one the table lacks", () => {
    const related = new RelatedWords(catalog, TABLE);
    expect(related.expansions("campground", has, DEFAULT_RELATED_WORDS_USE)).toEqual([]);
    expect(related.expansions("the", has, DEFAULT_RELATED_WORDS_USE)).toEqual([]);
    expect(related.expansions("zzyzx", has, DEFAULT_RELATED_WORDS_USE)).toEqual([]);
    expect(related.expansions("trailhead", has, { ...DEFAULT_RELATED_WORDS_USE, weight: 0 })).toEqual([]);
  });

  describe("the `related` switch in a search (the installed table; no other technique on)", () => {
    const tools = [
      { name: "find_campgrounds", description: "List campgrounds in a park, with their amenities.", parameters: {} },
      { name: "park_alerts", description: "List current alerts and closures for a park.", parameters: {} },
      { name: "get_invoice", description: "Get an invoice by its number.", parameters: {} },
    ];
    const search = (related: boolean, q: string) =>
      new LexicalSearcher(tools, { ...DEFAULT_RANKER, techniques: { ...NO_TECHNIQUES, related } }).search(q, 3);

    it("finds the tool through the words it keeps company with", () => {
      expect(search(false, "trailhead park")[0]).toBe("park_alerts");
      expect(search(true, "trailhead park")[0]).toBe("find_campgrounds");
    });

    it("leaves a request whose words found nothing empty, as the kinds WordNet gives do", () => {
      expect(search(true, "trailhead")).toEqual([]);
    });
  });
});
