import { DotScan } from "./dot-scan";
import type { DocFields } from "./fields";
import type { GeneralVectors } from "./general-vectors";
import type { Expansion } from "./lexicon";
import { isPlainWord, stem } from "./stem";
import { STOPWORDS } from "./tokenize";
import type { TermTable } from "./term-table";
import { normalise } from "./word-vectors";

/** How a typed word the catalog lacks reaches the catalog's words general text keeps it in company with (`related`). */
export interface RelatedWordsUse {
  /** An expansion's weight at cosine 1 (each is this × its cosine). */
  weight: number;
  /** At most this many of the catalog's words, nearest first. */
  count: number;
  /** No word less near than this (cosine). */
  minCosine: number;
}

/** Chosen on the dev pools (forty-seventh session): 0.4, 0.5 and 0.6; 3, 5 and 8 words; cosine 0.35, 0.4 and 0.45. */
export const DEFAULT_RELATED_WORDS_USE: RelatedWordsUse = { weight: 0.6, count: 5, minCosine: 0.4 };

/**
 * The words the tools' own text holds (names, descriptions, parameters), sorted: what a related word may be. Not the
 * words borrowed from worked examples (`asked`), nor a server's description or name, which say little of one tool.
 */
export function ownWords(fields: readonly DocFields[], table: TermTable): string[] {
  const ids = new Set<number>();
  for (const f of fields)
    for (const part of [f.name, f.lead, f.description, f.paramNames, f.paramText])
      for (let j = 0; j < part.length; j++) ids.add(part[j]!);
  return table.textsOf(Int32Array.from(ids)).sort();
}

/**
 * The catalog's words as general word vectors (general-vectors.ts): each word of the tools' own text (ownWords) of
 * three letters or more that is no stopword, through the most frequent word of the table with that stem. A typed word the catalog lacks ("trailhead",
 * "thesis") reaches the catalog's words nearest it by cosine ("campground", "trail"; "literature", "methodology"),
 * each a weaker match of the word. Built on the first such word; every cosine is one pass over the catalog's words.
 */
export class RelatedWords {
  /** The catalog's terms that have a vector, in the rows' order. */
  private readonly terms: string[] = [];
  private readonly scan: DotScan;
  private readonly query: Float32Array;

  constructor(
    vocabulary: readonly string[],
    private readonly vectors: GeneralVectors,
  ) {
    const rows: number[] = [];
    for (const t of vocabulary) {
      if (t.length < 3 || STOPWORDS.has(t)) continue;
      const row = vectors.rowOfStemmed(t);
      if (row < 0) continue;
      this.terms.push(t);
      rows.push(row);
    }
    const { dim } = vectors;
    this.scan = new DotScan(this.terms.length, dim);
    rows.forEach((row, i) => {
      vectors.vectorInto(row, this.scan.rows, i * dim);
      normalise(this.scan.rows, i * dim, dim);
    });
    this.query = new Float32Array(dim);
  }

  /** How many of the catalog's words have a vector. */
  get size(): number {
    return this.terms.length;
  }

  /**
   * A typed word's related catalog words, nearest first, each at `use.weight` × its cosine: none for a stopword, a
   * word of fewer than three letters, one the catalog holds (its own word is the better match), or one the table
   * lacks.
   */
  expansions(surface: string, has: (term: string) => boolean, use: RelatedWordsUse): Expansion[] {
    if (use.weight <= 0 || use.count <= 0 || surface.length < 3 || STOPWORDS.has(surface) || !isPlainWord(surface))
      return [];
    if (has(stem(surface))) return [];
    const row = this.vectors.rowOfWord(surface);
    if (row < 0 || this.terms.length === 0) return [];
    const { dim } = this.vectors;
    this.vectors.vectorInto(row, this.query, 0);
    if (!normalise(this.query, 0, dim)) return [];
    const cosines = this.scan.dots(this.query, dim);
    const best: { i: number; cos: number }[] = [];
    for (let i = 0; i < cosines.length; i++) {
      const cos = cosines[i]!;
      if (cos < use.minCosine || (best.length === use.count && cos <= best[best.length - 1]!.cos)) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.cos < cos) at--;
      best.splice(at, 0, { i, cos });
      if (best.length > use.count) best.pop();
    }
    return best.map(({ i, cos }) => ({ terms: [this.terms[i]!], weight: use.weight * cos }));
  }
}
