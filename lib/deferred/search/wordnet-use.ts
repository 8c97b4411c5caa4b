import type { Expansion } from "./lexicon";
import { isPlainWord, stem } from "./stem";
import { STOPWORDS } from "./tokenize";
import type { Wordnet } from "./wordnet";

export { getWordnet } from "./wordnet";

/**
 * How the search uses WordNet, conservatively: only for a query word the catalog never uses (so a word the
 * tools themselves use is never diluted; what an adjective measures is the one relation read for every word), only
 * its common senses, only words the catalog does use, and at a weight well below the word itself. A query word still
 * scores a tool through its single best expansion.
 */
export interface WordnetUse {
  /** "oov": only query words absent from the catalog's vocabulary; "all": every query word. */
  scope: "oov" | "all";
  sense1: number;
  sense2: number;
  hypernym: number;
  derived: number;
  /**
   * What an adjective measures (WordNet's attribute: "biggest" → size, "sluggish" → speed, "warm" → temperature), for
   * every typed word, one the catalog uses too: a tool says "size" where a request says "biggest".
   */
  attribute: number;
}

export const DEFAULT_WORDNET_USE: WordnetUse = {
  scope: "oov",
  sense1: 0.5,
  sense2: 0.35,
  hypernym: 0.3,
  derived: 0.45,
  attribute: 0.3,
};

export interface Vocabulary {
  has(term: string): boolean;
}

/** WordNet alternatives of a typed word, as index terms the catalog holds (phrases need all their words). */
export function wordnetExpansions(wn: Wordnet, surface: string, vocab: Vocabulary, use: WordnetUse): Expansion[] {
  if (STOPWORDS.has(surface) || !isPlainWord(surface)) return [];
  // A word the catalog uses keeps its own meaning: only what it measures is added.
  const known = use.scope === "oov" && vocab.has(stem(surface));
  if (known && use.attribute <= 0) return [];
  return alternatives(wn, wn.lemmas(surface), vocab, use, known);
}

/**
 * WordNet alternatives of two consecutive typed words that WordNet knows as one lemma ("sea level",
 * "tear down", "give back"), whose meaning is not the sum of its words.
 */
export function wordnetPhraseExpansions(
  wn: Wordnet,
  first: string,
  second: string,
  vocab: Vocabulary,
  use: WordnetUse,
): Expansion[] {
  if (!isPlainWord(first) || !isPlainWord(second)) return [];
  // Most words begin no multi-word lemma: one binary search says so before the second word's forms are tried.
  const head = `${first}_`;
  if (!wn.hasPrefix(head)) return [];
  const lemmas = wn
    .lemmas(second)
    .map((l) => head + l)
    .filter((l) => wn.has(l));
  return lemmas.length === 0 ? [] : alternatives(wn, lemmas, vocab, use);
}

function alternatives(
  wn: Wordnet,
  lemmas: readonly string[],
  vocab: Vocabulary,
  use: WordnetUse,
  attributesOnly = false,
): Expansion[] {
  const best = new Map<string, Expansion>();
  const put = (lemma: string, weight: number) => {
    if (weight <= 0) return;
    const terms = catalogTerms(lemma, vocab);
    if (!terms) return;
    const id = terms.join(" ");
    const old = best.get(id);
    if (!old || old.weight < weight) best.set(id, { terms, weight });
  };
  for (const lemma of lemmas) {
    const e = wn.lookup(lemma);
    if (!e) continue;
    for (const w of e.attributes) put(w, use.attribute);
    if (attributesOnly) continue;
    for (const w of e.sense1) put(w, use.sense1);
    for (const w of e.sense2) put(w, use.sense2);
    for (const w of e.derived) put(w, use.derived);
    for (const w of e.hypernyms) put(w, use.hypernym);
  }
  return [...best.values()];
}

/** How far a typed word the catalog lacks reaches up WordNet's hypernyms, as a term of its own (`hypernyms`). */
export interface HypernymChainUse {
  /** The first level's weight (the word's own hypernyms). */
  weight: number;
  /** Each further level's weight, as a share of the one below. */
  decay: number;
  /** How many levels, the first one included. */
  levels: number;
}

export const DEFAULT_HYPERNYM_CHAIN_USE: HypernymChainUse = { weight: 0.6, decay: 0.5, levels: 4 };

/**
 * The kinds a typed word the catalog lacks is, level by level up WordNet's hypernyms ("ibuprofen" → anti-inflammatory
 * drug → medicine → drug), as the catalog's words: each level's at `use.weight` × `use.decay` per level climbed, a word
 * at the lowest level that reaches it. Each level is read from its words' own first senses, so a chain may drift off
 * the word's sense as it climbs; the weights fall as it does. None for a word the catalog uses.
 */
export function hypernymChain(wn: Wordnet, surface: string, vocab: Vocabulary, use: HypernymChainUse): Expansion[] {
  if (use.weight <= 0 || STOPWORDS.has(surface) || !isPlainWord(surface) || vocab.has(stem(surface))) return [];
  const best = new Map<string, Expansion>();
  let level = wn.lemmas(surface).flatMap((l) => wn.hypernymsOf(l));
  const seen = new Set(level);
  let weight = use.weight;
  for (let d = 1; d <= use.levels && level.length > 0; d++, weight *= use.decay) {
    for (const lemma of level) {
      const terms = catalogTerms(lemma, vocab);
      if (!terms) continue;
      const id = terms.join(" ");
      if (!best.has(id)) best.set(id, { terms, weight });
    }
    const next: string[] = [];
    for (const lemma of level)
      for (const h of wn.hypernymsOf(lemma))
        if (!seen.has(h)) {
          seen.add(h);
          next.push(h);
        }
    level = next;
  }
  return [...best.values()];
}

/** A WordNet lemma ("sea_level") as the index terms of its words, or null unless the catalog holds every one. */
function catalogTerms(lemma: string, vocab: Vocabulary): string[] | null {
  const terms = lemma
    .split("_")
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
  return terms.length > 0 && terms.every((t) => vocab.has(t)) ? terms : null;
}
