import type { QueryTerm } from "./expand";
import { type BuildSteps, inChunks, runSteps } from "./build-steps";
import { type DocFields, FIELD_NAMES, type FieldName } from "./fields";
import { PostingsBuilder, type SortedLists } from "./postings-builder";
import type { TermTable } from "./term-table";
import { TypedSlab } from "./typed-slab";

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
    name: { weight: 0.75, b: 0.5 },
    // 3.528 until the thirty-first session; doubled, it passed its blind rule (search README, "The server field's
    // weight doubled").
    server: { weight: 7.056, b: 0 },
    // A server's description (empty unless one is given): chosen on the dev pools, passed its blind rule in the
    // thirty-seventh session (bench/queries/README.md).
    about: { weight: 2, b: 0 },
    lead: { weight: 1, b: 0.5 },
    description: { weight: 0.563, b: 0.75 },
    paramNames: { weight: 0.5, b: 0.5 },
    paramText: { weight: 0.25, b: 0.75 },
    asked: { weight: 0.3, b: 0.75 },
  },
};

/**
 * A pseudo-frequency this small is what taking a field's share out leaves of nothing (scores are 32-bit floats,
 * so what is read back from one carries their rounding).
 */
const LEFT_OUT_EPSILON = 1e-4;

/** BM25's inverse document frequency for a term `df` of `n` documents hold. */
export function bm25Idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** A (pseudo-)frequency's BM25 score: saturated by k1, times the idf. */
function saturated(idf: number, tf: number, k1: number): number {
  return (idf * tf * (k1 + 1)) / (tf + k1);
}

interface Postings {
  docs: Int32Array;
  scores: Float32Array;
  /** The term's number in this index (the left-out field's words are kept by it). */
  id: number;
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

/** The left-out field: per document its words (numbered as the index numbers terms) and its normalised weight. */
interface LeftOut {
  words: readonly Int32Array[];
  norm: Float32Array;
}

/** What a Bm25Index is built from (bm25Lists makes it). */
interface Bm25Lists {
  postings: Map<string, Postings>;
  vocabulary: string[];
  leftOut: LeftOut | null;
}

/** Tools between two pauses of a build in steps (build-steps.ts): a few milliseconds' work at most. */
const DOCS_PER_STEP = 256;
/** Posting lists between two pauses. */
const LISTS_PER_STEP = 4096;

/** A Bm25Index's build as steps (build-steps.ts), pausing every few hundred tools and every few thousand lists. */
export function* bm25IndexSteps(
  docs: readonly DocFields[],
  table: TermTable,
  config: Bm25Config = DEFAULT_BM25,
  plainWithout?: FieldName,
): BuildSteps<Bm25Index> {
  const built = yield* bm25Lists(docs, table, config, plainWithout);
  return new Bm25Index(docs, table, config, plainWithout, built);
}

function* bm25Lists(
  docs: readonly DocFields[],
  table: TermTable,
  config: Bm25Config,
  plainWithout: FieldName | undefined,
): BuildSteps<Bm25Lists> {
  const avg = averageLengths(docs);
  // Per document: weighted, length-normalised frequency summed over fields (the BM25F pseudo-frequency); the
  // left-out field's share also on its own, to take it back out.
  const builder = new PostingsBuilder(table, weighedTerms(docs, config));
  const norms = plainWithout ? new Float32Array(docs.length) : null;
  yield* inChunks(docs.length, DOCS_PER_STEP, (from, to) =>
    addDocuments(builder, docs, from, to, config, avg, plainWithout, norms),
  );
  const leftOut = plainWithout
    ? {
        words: docs.map((d) => {
          const terms = d[plainWithout];
          const local = new Int32Array(terms.length);
          for (let j = 0; j < terms.length; j++) local[j] = builder.localId(terms[j]!);
          return local;
        }),
        norm: norms!,
      }
    : null;
  yield;
  const postings = new Map<string, Postings>();
  const vocabulary: string[] = [];
  // Every list's scores in one block (views of it), not a block per term.
  const lists = builder.sorted();
  const scored = { postings, vocabulary, allScores: new Float32Array(builder.size), at: 0 };
  yield* inChunks(lists.count, LISTS_PER_STEP, (from, to) =>
    scoreLists(lists, from, to, docs.length, config.k1, scored),
  );
  vocabulary.sort();
  return { postings, vocabulary, leftOut };
}

/** Each field's average length in terms over the documents (at least 1). */
function averageLengths(docs: readonly DocFields[]): Record<FieldName, number> {
  const avg = {} as Record<FieldName, number>;
  for (const f of FIELD_NAMES)
    avg[f] = Math.max(1, docs.reduce((a, d) => a + d[f].length, 0) / Math.max(1, docs.length));
  return avg;
}

/** How many terms the documents' weighed fields hold in all: how many adds the builder will be given. */
function weighedTerms(docs: readonly DocFields[], config: Bm25Config): number {
  let adds = 0;
  for (const f of FIELD_NAMES) if (config.fields[f].weight !== 0) for (const d of docs) adds += d[f].length;
  return adds;
}

/** Documents `from` … `to` - 1 added to the builder (their BM25F pseudo-frequencies), each closed in turn. */
function addDocuments(
  builder: PostingsBuilder,
  docs: readonly DocFields[],
  from: number,
  to: number,
  config: Bm25Config,
  avg: Record<FieldName, number>,
  plainWithout: FieldName | undefined,
  norms: Float32Array | null,
): void {
  for (let i = from; i < to; i++) {
    const d = docs[i]!;
    for (const f of FIELD_NAMES) {
      const { weight, b } = config.fields[f];
      const terms = d[f];
      if (weight === 0 || terms.length === 0) continue;
      const norm = weight / (1 - b + (b * terms.length) / avg[f]);
      for (let j = 0; j < terms.length; j++) builder.add(terms[j]!, norm);
      if (f === plainWithout) norms![i] = norm;
    }
    builder.endDocument(i);
  }
}

/** Lists `from` … `to` - 1 (in the builder's order) scored into `out`'s block, each put in its postings in turn. */
function scoreLists(
  lists: SortedLists,
  from: number,
  to: number,
  n: number,
  k1: number,
  out: { postings: Map<string, Postings>; vocabulary: string[]; allScores: Float32Array; at: number },
): void {
  for (let id = from; id < to; id++) {
    const start = lists.start[id]!;
    const end = lists.start[id + 1]!;
    const idf = bm25Idf(n, end - start);
    const scores = out.allScores.subarray(out.at, out.at + end - start);
    out.at += end - start;
    for (let j = 0; j < scores.length; j++) scores[j] = saturated(idf, lists.values[start + j]!, k1);
    const t = lists.terms[id]!;
    out.postings.set(t, { docs: lists.docs.subarray(start, end), scores, id });
    out.vocabulary.push(t);
  }
}

export class Bm25Index {
  readonly size: number;
  private readonly k1: number;
  /** Sorted vocabulary, for prefix and typo matching. */
  readonly vocabulary: string[];
  private readonly postings: Map<string, Postings>;
  /** Lists that differ without the left-out field (the others are read from `postings`); empty when none. */
  private readonly plainPostings = new Map<string, Postings>();
  /**
   * The left-out field's words and length-normalised weight per document; each list as it is without them is
   * made when a query first reads it (few queries do), and kept.
   */
  private readonly leftOut: LeftOut | null;
  /**
   * The left-out field inverted: per term number, the documents whose field holds it, ascending, a document once
   * per occurrence (`docs[start[t]]` … `docs[start[t + 1]]`). Made by the first query that reads a list without
   * the field, so taking the field out of a list walks two sorted lists instead of every document's words.
   */
  private leftOutIndex: { start: Int32Array; docs: Int32Array } | null = null;
  private readonly total: Float64Array;
  private readonly best: Float64Array;
  private readonly phrase: Float64Array;
  private readonly phraseCount: Uint8Array;
  private readonly bestTouched: Int32Array;
  private readonly phraseTouched: Int32Array;
  private lastTouched: number[] = [];
  /** Where kept term scores' arrays come from (typed-slab.ts): a new word's scores cost no allocation of their own. */
  private readonly keptDocs = new TypedSlab((n) => new Int32Array(n));
  private readonly keptValues = new TypedSlab((n) => new Float64Array(n));
  /** withoutLeftOut()'s scratch (grown as needed), and where the lists it makes keep their scores. */
  private plainDocs = new Int32Array(0);
  private plainRest = new Float64Array(0);
  private readonly plainScores = new TypedSlab((n) => new Float32Array(n));

  /**
   * `plainWithout`: a field whose words some queries must not read (the words tools borrow, exemplars.ts); the
   * index then also keeps every score as an index without that field would have it, for `score(…, true)`.
   * `built`: the lists bm25IndexSteps() made (made now when not given).
   */
  constructor(
    docs: readonly DocFields[],
    table: TermTable,
    config: Bm25Config = DEFAULT_BM25,
    plainWithout?: FieldName,
    built: Bm25Lists = runSteps(bm25Lists(docs, table, config, plainWithout)),
  ) {
    this.size = docs.length;
    this.k1 = config.k1;
    this.postings = built.postings;
    this.vocabulary = built.vocabulary;
    this.leftOut = built.leftOut;
    const n = docs.length;
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

  /** Documents holding the term, ascending, or undefined for an unknown term; `plain`: without the left-out field. */
  docsOf(term: string, plain = false): Int32Array | undefined {
    return this.list(term, plain)?.docs;
  }

  private list(term: string, plain: boolean): Postings | undefined {
    if (!plain || !this.leftOut) return this.postings.get(term);
    let list = this.plainPostings.get(term);
    if (!list) {
      const full = this.postings.get(term);
      if (!full) return undefined;
      list = this.withoutLeftOut(term, full, this.leftOut);
      this.plainPostings.set(term, list);
    }
    return list;
  }

  /**
   * The term's list as an index without the left-out field has it: other documents, other idf. Each document's
   * whole pseudo-frequency is read back from its score (BM25's saturation inverted), less the field's share.
   */
  private withoutLeftOut(term: string, full: Postings, leftOut: LeftOut): Postings {
    // The documents whose left-out field holds the term (ascending, once per occurrence) are all in the term's
    // list: one merge counts each one's occurrences. A term no document borrowed keeps its list.
    const { start, docs: holding } = this.invertedLeftOut(leftOut);
    let h = start[full.id]!;
    const end = start[full.id + 1]!;
    if (h === end) return full;
    const k1 = this.k1;
    const top = this.idf(term) * (k1 + 1);
    // Scratch the full list's length (no boxed numbers on a list of thousands), what is kept copied out of it.
    if (full.docs.length > this.plainDocs.length) {
      const room = Math.max(full.docs.length, 2 * this.plainDocs.length);
      this.plainDocs = new Int32Array(room);
      this.plainRest = new Float64Array(room);
    }
    const docs = this.plainDocs;
    const rest = this.plainRest;
    let kept = 0;
    let changed = false;
    for (let j = 0; j < full.docs.length; j++) {
      const d = full.docs[j]!;
      let times = 0;
      while (h < end && holding[h]! < d) h++;
      while (h < end && holding[h] === d) {
        times++;
        h++;
      }
      const s = full.scores[j]!;
      let v = (s * k1) / (top - s);
      if (times > 0) {
        changed = true;
        v -= times * leftOut.norm[d]!;
        if (v <= LEFT_OUT_EPSILON * (1 + v)) continue;
      }
      docs[kept] = d;
      rest[kept++] = v;
    }
    if (!changed) return full;
    const idf = bm25Idf(this.size, kept);
    const scores = this.plainScores.take(kept);
    for (let k = 0; k < kept; k++) scores[k] = saturated(idf, rest[k]!, k1);
    return { docs: this.keptDocs.copy(docs, kept), scores, id: full.id };
  }

  /** The left-out field inverted (see `leftOutIndex`), made on first use. */
  private invertedLeftOut(leftOut: LeftOut): { start: Int32Array; docs: Int32Array } {
    if (!this.leftOutIndex) {
      const terms = this.postings.size;
      const start = new Int32Array(terms + 1);
      for (const words of leftOut.words)
        for (let k = 0; k < words.length; k++) {
          const t = words[k]!;
          if (t >= 0 && t < terms) start[t + 1]!++;
        }
      for (let t = 0; t < terms; t++) start[t + 1]! += start[t]!;
      const docs = new Int32Array(start[terms]!);
      const fill = start.slice(0, terms);
      leftOut.words.forEach((words, d) => {
        for (let k = 0; k < words.length; k++) {
          const t = words[k]!;
          if (t >= 0 && t < terms) docs[fill[t]!++] = d;
        }
      });
      this.leftOutIndex = { start, docs };
    }
    return this.leftOutIndex;
  }

  /** How many documents hold the term (0 when unknown); `plain`: without the left-out field. */
  df(term: string, plain = false): number {
    return this.list(term, plain)?.docs.length ?? 0;
  }

  /** Inverse document frequency (the BM25 form), 0 for a term no document holds. */
  idf(term: string, plain = false): number {
    const df = this.df(term, plain);
    return df === 0 ? 0 : bm25Idf(this.size, df);
  }

  /**
   * Sum over query terms of each term's best expansion score. The hot loop of a search: no closures, no maps
   * (but the memo, when given, which is read once per term).
   */
  score(query: readonly QueryTerm[], memo?: TermScoreMemo, plain = false): ScoreResult {
    for (const d of this.lastTouched) this.total[d] = 0;
    this.lastTouched = [];
    return this.extend(query, memo, plain);
  }

  /**
   * The last result with more query terms added (a feedback pass): the same sums, in the same order, as
   * scoring the whole list again, without walking the first terms' postings a second time.
   */
  extend(query: readonly QueryTerm[], memo?: TermScoreMemo, plain = false): ScoreResult {
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
          const p = plain ? this.list(e.terms[0]!, true) : this.postings.get(e.terms[0]!);
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
          const p = plain ? this.list(t, true) : this.postings.get(t);
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
        const docs = this.keptDocs.copy(bestTouched, nb);
        const values = this.keptValues.take(nb);
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
