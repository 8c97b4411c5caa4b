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

    // Per document: term → weighted, length-normalised frequency summed over fields (the BM25F pseudo-frequency).
    // Documents are visited in order, so every posting list comes out sorted by document.
    const lists = new Map<string, { docs: number[]; tfs: number[] }>();
    const local = new Map<string, number>();
    docs.forEach((d, i) => {
      local.clear();
      for (const f of FIELD_NAMES) {
        const { weight, b } = config.fields[f];
        const terms = d[f];
        if (weight === 0 || terms.length === 0) continue;
        const norm = weight / (1 - b + (b * terms.length) / avg[f]);
        for (const t of terms) local.set(t, (local.get(t) ?? 0) + norm);
      }
      for (const [t, tf] of local) {
        let l = lists.get(t);
        if (!l) lists.set(t, (l = { docs: [], tfs: [] }));
        l.docs.push(i);
        l.tfs.push(tf);
      }
    });
    const n = docs.length;
    for (const [t, l] of lists) {
      const idf = Math.log(1 + (n - l.docs.length + 0.5) / (l.docs.length + 0.5));
      const scores = new Float32Array(l.tfs.length);
      for (let j = 0; j < scores.length; j++) scores[j] = (idf * l.tfs[j]! * (config.k1 + 1)) / (l.tfs[j]! + config.k1);
      this.postings.set(t, { docs: Int32Array.from(l.docs), scores });
    }
    this.vocabulary = [...lists.keys()].sort();
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
