import { DotScan } from "./dot-scan";
import type { Expansion } from "./lexicon";
import { normalise, type WordVectors } from "./word-vectors";

/**
 * A typed word's nearest tool-name words by the learned word vectors (word-vectors.ts): "tear" → delete, remove;
 * "stash" → save, bookmark; "pager" → oncall. The vectors were fitted on the training requests (training/search/) so
 * that a request lands near the operation it asked for; words that people use for the same operations end up near
 * each other. Only the words of the catalog's tool names are candidates (a word that names what tools do, not one
 * that happens to sit in a description), each an expansion of the typed word at `weight` × its cosine. A query word
 * scores a tool through its best expansion, so a tool that holds the typed word itself is unchanged; a tool whose
 * name says the same thing in other words now matches too, less strongly.
 */
export interface NeighbourUse {
  /** An expansion's weight is this × its cosine with the typed word (the typed word weighs 1). */
  weight: number;
  /** At most this many name words a typed word. */
  k: number;
  /** A name word nearer than this (cosine of the two words' vectors) is no neighbour. */
  minCosine: number;
}

/** Chosen on the dev pools (thirty-eighth session; lib/deferred/search/README.md, "Name-word neighbours"). */
export const DEFAULT_NEIGHBOUR_USE: NeighbourUse = { weight: 0.8, k: 12, minCosine: 0.25 };

const NONE: Expansion[] = [];

export class NameNeighbours {
  private readonly words: string[] = [];
  /** The name words' unit vectors, one row of `dim` numbers each, in `words` order, and their scan. */
  private readonly scan: DotScan;
  private readonly query: Float32Array;

  /** `nameWords`: the catalog's name terms (stemmed, as the index holds them); those without a vector are left out. */
  constructor(
    nameWords: Iterable<string>,
    private readonly vectors: WordVectors,
    private readonly use: NeighbourUse,
  ) {
    const dim = vectors.dim;
    // Sorted, so ties (and so the expansions) do not depend on the catalog's order.
    const rows: number[] = [];
    for (const w of [...new Set(nameWords)].sort()) {
      const row = vectors.rowOfWord(w);
      if (row < 0) continue;
      rows.push(row);
      this.words.push(w);
    }
    this.scan = new DotScan(rows.length, dim);
    rows.forEach((row, i) => {
      vectors.addRow(row, 1, this.scan.rows, i * dim);
      normalise(this.scan.rows, i * dim, dim);
    });
    this.query = new Float32Array(dim);
  }

  /** How many name words have a vector (what a typed word is compared with). */
  get size(): number {
    return this.words.length;
  }

  /**
   * The typed word's (a stemmed term's) nearest name words as expansions, nearest first; none without a vector. Not
   * kept here: the ranker keeps each typed word's expansions (its word memo), so a word is scanned once.
   */
  of(term: string): Expansion[] {
    if (this.use.weight <= 0 || this.use.k <= 0) return NONE;
    if (!this.vectors.embedInto([term], this.query)) return NONE;
    const cosines = this.scan.dots(this.query, this.vectors.dim);
    const found: Array<{ word: string; cosine: number }> = [];
    for (let i = 0; i < cosines.length; i++) {
      const c = cosines[i]!;
      if (c >= this.use.minCosine && this.words[i] !== term) found.push({ word: this.words[i]!, cosine: c });
    }
    found.sort((a, b) => b.cosine - a.cosine || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return found.slice(0, this.use.k).map((n) => ({ terms: [n.word], weight: this.use.weight * n.cosine }));
  }
}
