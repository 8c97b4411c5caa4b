import type { QueryTerm } from "./expand";
import { type DocFields, FIELD_NAMES, type FieldName } from "./fields";
import { PostingsBuilder } from "./postings-builder";

/**
 * BM25F over the tool fields, with every (term, document) contribution precomputed at build time,
 * so a search is a walk over a few posting lists. A query term scores a document through its single
 * best expansion (max, not sum): a word with twenty synonyms counts once, like a word with none.
 */

export interface FieldSetting {
  weight: number;
  /** Length normalisation, 0 (none) … 1 (full). */
  b: number;
}

export interface Bm25Config {
  k1: number;
  fields: Record<FieldName, FieldSetting>;
}

export const DEFAULT_BM25: Bm25Config = {
  k1: 1.2,
  fields: {
    name: { weight: 3, b: 0.5 },
    server: { weight: 1.5, b: 0 },
    lead: { weight: 1, b: 0.5 },
    description: { weight: 1, b: 0.75 },
    paramNames: { weight: 0.5, b: 0.5 },
    paramText: { weight: 0.25, b: 0.75 },
    asked: { weight: 0.3, b: 0.75 },
  },
};

interface Postings {
  docs: Int32Array;
  scores: Float32Array;
}

export interface ScoreResult {
  /** Documents with a positive score, in no particular order. */
  touched: number[];
  /** Score by document index (0 for untouched). Owned by the index: read before the next call. */
  scores: Float64Array;
}

/** One query term's best-expansion score per document it reaches, in the order a walk of its postings adds them. */
export interface TermScores {
  docs: Int32Array;
  values: Float64Array;
}

/**
 * Query terms' scores kept for later: a feedback pass, a clause search or a later search scores the same terms
 * again, and reads them here instead of walking their posting lists again. The sums come out identical, only
 * faster. `keeps` says whether a term's scores are worth keeping (asked before they are copied out).
 */
export interface TermScoreMemo {
  get(q: QueryTerm): TermScores | undefined;
  keeps(q: QueryTerm): boolean;
  set(q: QueryTerm, scores: TermScores): void;
}

/** What makes two query terms score the same: their expansions and weights. */
function termKey(q: QueryTerm): string {
  let key = "";
  for (const e of q.expansions) key += `${e.weight}:${e.terms.join(" ")}|`;
  return key;
}

/** A memo for one search call (make one per call): terms are the same when their expansions and weights are. */
export class CallTermScores implements TermScoreMemo {
  private readonly byKey = new Map<string, TermScores>();
  private last: { q: QueryTerm; key: string } | null = null;

  get size(): number {
    return this.byKey.size;
  }

  private key(q: QueryTerm): string {
    if (this.last?.q !== q) this.last = { q, key: termKey(q) };
    return this.last.key;
  }

  get(q: QueryTerm): TermScores | undefined {
    return this.byKey.get(this.key(q));
  }

  keeps(): boolean {
    return true;
  }

  set(q: QueryTerm, scores: TermScores): void {
    this.byKey.set(this.key(q), scores);
  }
}

export class Bm25Index {
  readonly size: number;
  /** Sorted vocabulary, for prefix and typo matching. */
  readonly vocabulary: string[];
  private readonly postings = new Map<string, Postings>();
  private readonly total: Float64Array;
  private readonly best: Float64Array;
  private readonly phrase: Float64Array;
  private readonly phraseCount: Uint8Array;
  private readonly bestTouched: Int32Array;
  private readonly phraseTouched: Int32Array;
  private lastTouched: number[] = [];

  constructor(docs: readonly DocFields[], config: Bm25Config = DEFAULT_BM25) {
    this.size = docs.length;
    const avg = {} as Record<FieldName, number>;
    for (const f of FIELD_NAMES)
      avg[f] = Math.max(1, docs.reduce((a, d) => a + d[f].length, 0) / Math.max(1, docs.length));

    // Per document: weighted, length-normalised frequency summed over fields (the BM25F pseudo-frequency).
    const builder = new PostingsBuilder();
    docs.forEach((d, i) => {
      for (const f of FIELD_NAMES) {
        const { weight, b } = config.fields[f];
        const terms = d[f];
        if (weight === 0 || terms.length === 0) continue;
        const norm = weight / (1 - b + (b * terms.length) / avg[f]);
        for (const t of terms) builder.add(t, norm);
      }
      builder.endDocument(i);
    });
    const n = docs.length;
    const vocabulary: string[] = [];
    for (const [t, dl, tl] of builder.lists()) {
      const idf = Math.log(1 + (n - dl.length + 0.5) / (dl.length + 0.5));
      const scores = new Float32Array(tl.length);
      for (let j = 0; j < scores.length; j++) scores[j] = (idf * tl[j]! * (config.k1 + 1)) / (tl[j]! + config.k1);
      this.postings.set(t, { docs: Int32Array.from(dl), scores });
      vocabulary.push(t);
    }
    this.vocabulary = vocabulary.sort();
    this.total = new Float64Array(n);
    this.best = new Float64Array(n);
    this.phrase = new Float64Array(n);
    this.phraseCount = new Uint8Array(n);
    this.bestTouched = new Int32Array(n);
    this.phraseTouched = new Int32Array(n);
  }

  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** Documents holding the term, ascending, or undefined for an unknown term. */
  docsOf(term: string): Int32Array | undefined {
    return this.postings.get(term)?.docs;
  }

  /** How many documents hold the term (0 when unknown). */
  df(term: string): number {
    return this.postings.get(term)?.docs.length ?? 0;
  }

  /** Inverse document frequency (the BM25 form), 0 for a term no document holds. */
  idf(term: string): number {
    const df = this.df(term);
    return df === 0 ? 0 : Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /**
   * Sum over query terms of each term's best expansion score. The hot loop of a search: no closures, no maps
   * (but the memo, when given, which is read once per term).
   */
  score(query: readonly QueryTerm[], memo?: TermScoreMemo): ScoreResult {
    for (const d of this.lastTouched) this.total[d] = 0;
    this.lastTouched = [];
    return this.extend(query, memo);
  }

  /**
   * The last result with more query terms added (a feedback pass): the same sums, in the same order, as
   * scoring the whole list again, without walking the first terms' postings a second time.
   */
  extend(query: readonly QueryTerm[], memo?: TermScoreMemo): ScoreResult {
    const { total, best, phrase, phraseCount, bestTouched, phraseTouched } = this;
    const touched = this.lastTouched;
    for (const q of query) {
      const known = memo?.get(q);
      if (known) {
        const { docs, values } = known;
        for (let k = 0; k < docs.length; k++) {
          const d = docs[k]!;
          if (total[d] === 0) touched.push(d);
          total[d] += values[k]!;
        }
        continue;
      }
      let nb = 0;
      let walked = 0;
      for (const e of q.expansions) {
        const w = e.weight;
        if (e.terms.length === 1) {
          const p = this.postings.get(e.terms[0]!);
          if (!p) continue;
          const { docs, scores } = p;
          walked += docs.length;
          for (let j = 0; j < docs.length; j++) {
            const d = docs[j]!;
            const v = w * scores[j]!;
            const b = best[d]!;
            if (b === 0) {
              bestTouched[nb++] = d;
              best[d] = v;
            } else if (v > b) best[d] = v;
          }
          continue;
        }
        // A phrase expansion ("pull request") scores the sum of its words, only where all of them occur.
        let np = 0;
        for (const t of e.terms) {
          const p = this.postings.get(t);
          if (!p) continue;
          const { docs, scores } = p;
          walked += docs.length;
          for (let j = 0; j < docs.length; j++) {
            const d = docs[j]!;
            if (phraseCount[d] === 0) phraseTouched[np++] = d;
            phrase[d] += scores[j]!;
            phraseCount[d]++;
          }
        }
        const need = e.terms.length;
        for (let k = 0; k < np; k++) {
          const d = phraseTouched[k]!;
          if (phraseCount[d] === need) {
            const v = w * phrase[d]!;
            const b = best[d]!;
            if (b === 0) {
              bestTouched[nb++] = d;
              best[d] = v;
            } else if (v > b) best[d] = v;
          }
          phrase[d] = 0;
          phraseCount[d] = 0;
        }
      }
      // Kept only when reading it back saves walking at least as much again as it holds.
      if (walked >= 2 * nb && memo?.keeps(q)) {
        const docs = bestTouched.slice(0, nb);
        const values = new Float64Array(nb);
        for (let k = 0; k < nb; k++) values[k] = best[docs[k]!]!;
        memo.set(q, { docs, values });
      }
      for (let k = 0; k < nb; k++) {
        const d = bestTouched[k]!;
        if (total[d] === 0) touched.push(d);
        total[d] += best[d]!;
        best[d] = 0;
      }
    }
    return { touched, scores: total };
  }
}
