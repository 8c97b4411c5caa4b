import type { QueryTerm } from "./expand";
import { type DocFields, FIELD_NAMES, type FieldName } from "./fields";

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

export class Bm25Index {
  readonly size: number;
  /** Sorted vocabulary, for prefix and typo matching. */
  readonly vocabulary: string[];
  private readonly postings = new Map<string, Postings>();
  private readonly total: Float64Array;
  private readonly best: Float64Array;
  private readonly phrase: Float64Array;

  constructor(docs: readonly DocFields[], config: Bm25Config = DEFAULT_BM25) {
    this.size = docs.length;
    const avg = {} as Record<FieldName, number>;
    for (const f of FIELD_NAMES) avg[f] = Math.max(1, docs.reduce((a, d) => a + d[f].length, 0) / Math.max(1, docs.length));

    // term → doc → weighted, length-normalised frequency summed over fields (the BM25F pseudo-frequency)
    const freq = new Map<string, Map<number, number>>();
    docs.forEach((d, i) => {
      for (const f of FIELD_NAMES) {
        const { weight, b } = config.fields[f];
        if (weight === 0 || d[f].length === 0) continue;
        const norm = weight / (1 - b + (b * d[f].length) / avg[f]);
        for (const t of d[f]) {
          let m = freq.get(t);
          if (!m) freq.set(t, (m = new Map()));
          m.set(i, (m.get(i) ?? 0) + norm);
        }
      }
    });
    const n = docs.length;
    for (const [t, m] of freq) {
      const idf = Math.log(1 + (n - m.size + 0.5) / (m.size + 0.5));
      const ids = [...m.keys()].sort((a, b) => a - b);
      const scores = new Float32Array(ids.length);
      ids.forEach((id, j) => {
        const tf = m.get(id)!;
        scores[j] = (idf * tf * (config.k1 + 1)) / (tf + config.k1);
      });
      this.postings.set(t, { docs: Int32Array.from(ids), scores });
    }
    this.vocabulary = [...freq.keys()].sort();
    this.total = new Float64Array(n);
    this.best = new Float64Array(n);
    this.phrase = new Float64Array(n);
  }

  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** Sum over query terms of each term's best expansion score. */
  score(query: readonly QueryTerm[]): ScoreResult {
    const { total, best, phrase } = this;
    for (let i = 0; i < total.length; i++) total[i] = 0;
    const touched: number[] = [];
    const bestTouched: number[] = [];
    const phraseTouched: number[] = [];
    for (const q of query) {
      bestTouched.length = 0;
      const keep = (d: number, v: number) => {
        if (best[d] === 0) bestTouched.push(d);
        if (v > best[d]!) best[d] = v;
      };
      for (const e of q.expansions) {
        if (e.terms.length === 1) {
          const p = this.postings.get(e.terms[0]!);
          if (!p) continue;
          for (let j = 0; j < p.docs.length; j++) keep(p.docs[j]!, e.weight * p.scores[j]!);
          continue;
        }
        // A phrase expansion ("pull request") scores the sum of its words, only where all of them occur.
        phraseTouched.length = 0;
        const hits = new Map<number, number>();
        for (const t of e.terms) {
          const p = this.postings.get(t);
          if (!p) continue;
          for (let j = 0; j < p.docs.length; j++) {
            const d = p.docs[j]!;
            if (phrase[d] === 0) phraseTouched.push(d);
            phrase[d] += p.scores[j]!;
            hits.set(d, (hits.get(d) ?? 0) + 1);
          }
        }
        for (const d of phraseTouched) {
          if (hits.get(d) === e.terms.length) keep(d, e.weight * phrase[d]!);
          phrase[d] = 0;
        }
      }
      for (const d of bestTouched) {
        if (total[d] === 0) touched.push(d);
        total[d] += best[d]!;
        best[d] = 0;
      }
    }
    return { touched, scores: total };
  }
}
