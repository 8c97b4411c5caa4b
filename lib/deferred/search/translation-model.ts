/**
 * A word-translation model learned from (request, operation) pairs, IBM Model 1 style: every word of an
 * operation's text is explained by one word of the request that asked for it, or by nobody (a null word that
 * takes the filler every operation says). Expectation–maximisation gives, for each request word, how it spreads
 * over operation words: "stash" → store, secret, save. Used at search time as query expansion (learned.ts);
 * learned offline by scripts/learn-associations.ts from training/search/. Pure: no I/O.
 */

export interface TrainingPair {
  /** Request words (stemmed, stopwords dropped). */
  request: readonly string[];
  /** Operation words: its name and documentation, the same pipeline. */
  operation: readonly string[];
}

export interface LearnOptions {
  iterations: number;
  /** A request word must occur in this many pairs to get entries at all. */
  minRequestCount: number;
  /** Keep an operation word for a request word only when t(word | request word) is at least this… */
  minProbability: number;
  /** …and it is this many times likelier than the word's share of all operation words (its lift). */
  minLift: number;
  /** Entries kept per request word. */
  maxPerWord: number;
}

export const DEFAULT_LEARN: LearnOptions = {
  iterations: 12,
  minRequestCount: 2,
  minProbability: 0.04,
  minLift: 4,
  maxPerWord: 6,
};

/**
 * Options for the other direction, t(request word | operation word), used by the translation language model
 * (translation-lm.ts): every strong entry counts there, so no lift filter, and an operation word needs 3 pairs.
 */
export const LIKELIHOOD_LEARN: LearnOptions = {
  iterations: 10,
  minRequestCount: 3,
  minProbability: 0.02,
  minLift: 0,
  maxPerWord: 20,
};

/** Request word → [operation word, strength 0–1] pairs, strongest first; identity pairs are left out. */
export type TranslationTable = Record<string, Array<[string, number]>>;

const NULL = "\u0000";

export function learnTranslations(
  pairs: readonly TrainingPair[],
  opts: LearnOptions = DEFAULT_LEARN,
): TranslationTable {
  const data = pairs
    .map((p) => ({ q: [NULL, ...new Set(p.request)], d: [...new Set(p.operation)] }))
    .filter((p) => p.q.length > 1 && p.d.length > 0);
  // t[q][d], started uniform over the pairs that co-occur.
  const t = new Map<string, Map<string, number>>();
  for (const { q, d } of data)
    for (const qw of q) {
      const row = t.get(qw) ?? new Map<string, number>();
      t.set(qw, row);
      for (const dw of d) row.set(dw, 1);
    }
  for (let it = 0; it < opts.iterations; it++) {
    const count = new Map<string, Map<string, number>>();
    for (const { q, d } of data) {
      for (const dw of d) {
        let total = 0;
        for (const qw of q) total += t.get(qw)!.get(dw)!;
        for (const qw of q) {
          const share = t.get(qw)!.get(dw)! / total;
          const row = count.get(qw) ?? new Map<string, number>();
          count.set(qw, row);
          row.set(dw, (row.get(dw) ?? 0) + share);
        }
      }
    }
    for (const [qw, row] of count) {
      let sum = 0;
      for (const c of row.values()) sum += c;
      const tRow = t.get(qw)!;
      for (const [dw, c] of row) tRow.set(dw, c / sum);
    }
  }

  const requestCount = new Map<string, number>();
  for (const { q } of data) for (const qw of q) requestCount.set(qw, (requestCount.get(qw) ?? 0) + 1);
  const opCount = new Map<string, number>();
  let opTotal = 0;
  for (const { d } of data)
    for (const dw of d) {
      opCount.set(dw, (opCount.get(dw) ?? 0) + 1);
      opTotal++;
    }

  const table: TranslationTable = {};
  for (const [qw, row] of [...t].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (qw === NULL || (requestCount.get(qw) ?? 0) < opts.minRequestCount) continue;
    const kept: Array<[string, number]> = [];
    for (const [dw, p] of row) {
      if (dw === qw || p < opts.minProbability) continue;
      const lift = p / ((opCount.get(dw) ?? 1) / opTotal);
      if (lift >= opts.minLift) kept.push([dw, Number(p.toFixed(3))]);
    }
    kept.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (kept.length > 0) table[qw] = kept.slice(0, opts.maxPerWord);
  }
  return table;
}

/**
 * A table keyed the other way: source word → [target, p] becomes target → [source, p], each list strongest first
 * (ties by word), so a model learned as t(target | source) can be looked up by the target word.
 */
export function invertTable(table: TranslationTable): TranslationTable {
  const out: TranslationTable = {};
  for (const [source, entries] of Object.entries(table))
    for (const [target, p] of entries) {
      const list = out[target] ?? [];
      out[target] = list;
      list.push([source, p]);
    }
  for (const list of Object.values(out)) list.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]!]),
  );
}
