import type { Bm25Index, ScoreResult, TermScoreMemo, TermScores } from "./bm25";
import { isCjkSegment, type QueryTerm } from "./expand";
import { type FeedbackConfig, type FeedbackSource, feedbackTerms } from "./feedback";
import type { NamedServers } from "./named-servers";
import { QueryReader } from "./query-reader";
import type { RankerConfig } from "./ranker-config";
import type { RankerParts } from "./ranker-parts";
import { byScoreThenName, heapPush, heapReplaceMin, kthLargest, type Scored } from "./scored";

/** What a ranked search may be given: feedback settings (null: none) and a per-call memo of term scores. */
export interface RankOptions {
  feedback?: FeedbackConfig | null;
  memo?: TermScoreMemo;
}

/** (document, score) pairs of typed words' terms one searcher keeps: 12 bytes each, 24 MB at most. */
const MAX_SHARED_SCORES = 2_000_000;

/** Relative slack on rank()'s bound on the name lift: more than a sum of a few weights can be off by rounding. */
const REACH_SLACK = 1e-9;

/** What levelname keeps of a query that names a server by words it spells (LexicalRanking.noteSpelledName). */
interface SpelledName {
  server: number;
  /** The typed words' terms that spell the server's name (scoreQuery levels their part). */
  terms: QueryTerm[];
  /** The server's name's words as a tool's name holds them (final lifts none of its tools for them). */
  nameWords: ReadonlySet<string>;
}

/** Whether a sorted posting list holds a document (binary search). */
function holdsDoc(docs: Int32Array, index: number): boolean {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (docs[mid] === index) return true;
    if (docs[mid]! < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The lexical ranking of one catalog: a request read into query terms (query-reader.ts), scored by BM25F over the
 * tools' fields, each score lifted by how much of the tool's name the request covers, with pseudo-relevance feedback
 * from the first results. A request that names a server by words it spells scores those words alike on that server's
 * tools (`levelname`). The typed words' scores are kept across searches (pure functions of the word and the catalog).
 * TextRanker (ranker.ts) fuses this ranking with the learned stages'.
 */
export class LexicalRanking implements FeedbackSource {
  readonly names: string[];
  /** Each tool's name as index terms. */
  readonly nameTerms: string[][];
  private readonly index: Bm25Index;
  /** Every word of some tool's name: the only words the name lift reads. */
  private readonly nameWords: Set<string>;
  /** Shared terms' name words and weights (see weights()); entries go with their terms. */
  private readonly nameWeights = new WeakMap<QueryTerm, Array<string | number>>();
  /** Per document, the words of its first sentence (feedback takes them after the name's). */
  private readonly leadTerms: Int32Array;
  /** Where each document's words start in `leadTerms` (`leadStart[i]` … `leadStart[i + 1]`). */
  private readonly leadStart: Int32Array;
  /** The words `leadTerms` numbers. */
  private readonly termTexts: readonly string[];
  /** The catalog's servers by name, when the `named` technique is on. */
  private readonly named: NamedServers | null;
  /** What a request's text becomes: its query terms (query-reader.ts). */
  private readonly reader: QueryReader;
  /**
   * Scores of the typed words' whole terms (those the reader keeps, QueryReader.isShared), kept across calls: a pure
   * function of the term and this catalog. At most MAX_SHARED_SCORES (document, score) pairs, then it starts again.
   */
  private readonly sharedScores = new Map<QueryTerm, TermScores>();
  /** The same without the words tools borrow, for queries in other languages. */
  private readonly sharedPlainScores = new Map<QueryTerm, TermScores>();
  private sharedEntries = 0;
  /** Queries (as terms() returned them) that must not read the words tools borrow (exemplars.ts). */
  private readonly plainQueries = new WeakSet<readonly QueryTerm[]>();
  /** Per query (terms()) that names a server, with `levelname` on: the server and the typed words that spell its name. */
  private readonly spelledNames = new WeakMap<readonly QueryTerm[], SpelledName>();
  /** Scratch space for rank(), one slot per tool (searches are synchronous): the seeds' heap, then the kept tools. */
  private readonly rankIndex: Int32Array;
  private readonly rankBase: Float64Array;
  private readonly rankFinal: Float64Array;
  private readonly rankWork: Float64Array;

  constructor(
    parts: RankerParts,
    private readonly config: RankerConfig,
  ) {
    this.names = parts.names;
    const tools = parts.names.length;
    this.rankIndex = new Int32Array(tools);
    this.rankBase = new Float64Array(tools);
    this.rankFinal = new Float64Array(tools);
    this.rankWork = new Float64Array(tools);
    this.nameTerms = parts.nameTerms;
    this.nameWords = parts.nameWords;
    this.leadStart = parts.leadStart;
    this.leadTerms = parts.leadTerms;
    this.termTexts = parts.termTexts;
    this.index = parts.index;
    this.named = parts.named;
    this.reader = new QueryReader(parts, config, () => this.clearSharedScores());
  }

  /**
   * Query text → terms with every expansion (QueryReader.read). With `levelname` on, a query that names a server is
   * noted for `scoreQuery` and `final`; one in another language reads none of the words tools borrow.
   */
  terms(text: string): QueryTerm[] {
    const { terms, typed, foreign } = this.reader.read(text);
    if (this.named && this.config.techniques.levelname) this.noteSpelledName(text, terms, typed);
    // The words tools borrow are English requests' words: a query in another language does not read them.
    if (this.config.techniques.exemplars && foreign) this.plainQueries.add(terms);
    return terms;
  }

  /**
   * With `levelname` on, the server the text names, which of the typed words among the query's first `typed` terms
   * spell its name, and its name's words as tools' names hold them: kept for `scoreQuery` and `final` to read when they
   * are given `query`.
   */
  private noteSpelledName(text: string, query: readonly QueryTerm[], typed: number): void {
    const named = this.named!;
    const server = named.named(text);
    if (server < 0) return;
    const words = query.slice(0, typed).filter((q) => q.surface !== undefined);
    const at = named.spelledBy(
      server,
      words.map((q) => q.surface!),
    );
    if (at.length > 0)
      this.spelledNames.set(query, {
        server,
        terms: at.map((i) => words[i]!),
        nameWords: named.nameWordsOf(server),
      });
  }

  private clearSharedScores(): void {
    this.sharedScores.clear();
    this.sharedPlainScores.clear();
    this.sharedEntries = 0;
  }

  /** A term the reader keeps for its typed word (its whole term), so its scores may be kept across calls. */
  private isShared(q: QueryTerm): boolean {
    return this.reader.isShared(q);
  }

  /**
   * The memo a search reads: shared scores for typed words' terms, the call's own memo (if any) for the rest. A
   * plain query (see terms()) reads its own shared scores and no call memo, whose terms may be another variant's.
   */
  private memoFor(call: TermScoreMemo | undefined, plain: boolean): TermScoreMemo {
    const shared = plain ? this.sharedPlainScores : this.sharedScores;
    const own = plain ? undefined : call;
    return {
      get: (q) => (this.isShared(q) ? shared.get(q) : own?.get(q)),
      keeps: (q) => this.isShared(q) || own?.keeps(q) === true,
      set: (q, scores) => {
        if (!this.isShared(q)) return own?.set(q, scores);
        if (this.sharedEntries + scores.docs.length > MAX_SHARED_SCORES) this.clearSharedScores();
        shared.set(q, scores);
        this.sharedEntries += scores.docs.length;
      },
    };
  }

  /** Each name word the query reaches → the highest weight of an expansion that holds it (what `final` reads). */
  private weights(query: readonly QueryTerm[]): Map<string, number> {
    const weightOf = new Map<string, number>();
    const put = (t: string, w: number) => {
      const old = weightOf.get(t);
      if (old === undefined || w > old) weightOf.set(t, w);
    };
    for (const q of query) {
      if (this.isShared(q)) {
        const pairs = this.nameWeightsOf(q);
        for (let j = 0; j < pairs.length; j += 2) put(pairs[j] as string, pairs[j + 1] as number);
      } else for (const e of q.expansions) for (const t of e.terms) if (this.nameWords.has(t)) put(t, e.weight);
    }
    return weightOf;
  }

  /** A shared term's (name word, weight) pairs, flat, in expansion order; kept with the term. */
  private nameWeightsOf(q: QueryTerm): Array<string | number> {
    let pairs = this.nameWeights.get(q);
    if (!pairs) {
      pairs = [];
      for (const e of q.expansions) for (const t of e.terms) if (this.nameWords.has(t)) pairs.push(t, e.weight);
      this.nameWeights.set(q, pairs);
    }
    return pairs;
  }

  /**
   * The base score lifted by how much of the tool's name the query covers (weighted by expansion trust). On the
   * named server's tools (`spelled`, levelname) the words that spell its name cover nothing: "github_create_repository"
   * is lifted for "create a GitHub repository" no more than its sibling star_repository is for "star a GitHub repository".
   */
  private final(i: number, base: number, weightOf: Map<string, number>, spelled: SpelledName | undefined): number {
    const nt = this.nameTerms[i]!;
    if (nt.length === 0) return base;
    const skip = spelled && this.named?.serverOf[i] === spelled.server ? spelled.nameWords : null;
    let covered = 0;
    for (const t of nt) if (!skip?.has(t)) covered += weightOf.get(t) ?? 0;
    return base * (1 + (this.config.nameBonus * covered) / nt.length);
  }

  /**
   * The index's sums for the query (Bm25Index.score). When the query names a server by words it spells (`levelname`,
   * noteSpelledName), those words' part of the sum is, on each of that server's tools that holds them, their mean
   * part over those tools: a product's name says which server, not which of its tools.
   */
  private scoreQuery(
    query: readonly QueryTerm[],
    spelled: SpelledName | undefined,
    memo: TermScoreMemo | undefined,
    plain: boolean,
  ): ScoreResult {
    if (!spelled || !this.named) return this.index.score(query, memo, plain);
    // The name's words alone first: the index's sums are scratch space that the whole query's scoring reuses. Through
    // the memo, so that scoring reads their parts back instead of walking their postings again.
    const alone = this.index.score(spelled.terms, memo, plain);
    const docs: number[] = [];
    const parts: number[] = [];
    let sum = 0;
    for (const d of alone.touched) {
      if (this.named.serverOf[d] !== spelled.server) continue;
      docs.push(d);
      parts.push(alone.scores[d]!);
      sum += alone.scores[d]!;
    }
    const whole = this.index.score(query, memo, plain);
    if (docs.length === 0) return whole;
    const mean = sum / docs.length;
    for (let k = 0; k < docs.length; k++) whole.scores[docs[k]!] += mean - parts[k]!;
    return whole;
  }

  /** Every document with a positive score for the query (optionally only those `allow` accepts), unsorted. */
  scoreAll(query: readonly QueryTerm[], allow?: (index: number) => boolean): Scored[] {
    const spelled = this.spelledNames.get(query);
    const { touched, scores } = this.scoreQuery(query, spelled, undefined, this.plainQueries.has(query));
    const weightOf = this.weights(query);
    const out: Scored[] = [];
    for (const i of touched) {
      if (allow && !allow(i)) continue;
      out.push({ index: i, name: this.names[i]!, score: this.final(i, scores[i]!, weightOf, spelled) });
    }
    return out;
  }

  /**
   * Share of the query's terms that a document holds through a trusted expansion (weight ≥ 0.5: the word,
   * a close synonym, its prefix or spelling, a translation), 0–1, in its own text (not the words it borrows from
   * worked examples). Says whether a best match is a real match or only the least bad one.
   */
  matchShare(query: readonly QueryTerm[], index: number): number {
    return this.matchShares(query)(index);
  }

  /**
   * matchShare() for many documents of one query: the query's trusted expansions and their words' posting lists are
   * looked up once, and each document then costs a binary search per word.
   */
  matchShares(query: readonly QueryTerm[]): (index: number) => number {
    if (query.length === 0) return () => 0;
    // Per counted term, its trusted expansions as their words' posting lists (the tool's own words: a word it holds
    // only as borrowed from worked examples is no match of the user's); an expansion with a word no tool holds
    // can hold for none, and is left out.
    const terms: Int32Array[][][] = [];
    for (const q of query) {
      // A CJK run's own segments stand beside its translations (for catalogs written in that language); in an
      // English catalog they never match, and must not make a found translation look weak.
      if (isCjkSegment(q)) continue;
      if (q.inferred) continue;
      const expansions: Int32Array[][] = [];
      for (const e of q.expansions) {
        if (e.weight < 0.5) continue;
        const lists: Int32Array[] = [];
        for (const t of e.terms) {
          const docs = this.index.docsOf(t, true);
          if (!docs) break;
          lists.push(docs);
        }
        if (lists.length === e.terms.length) expansions.push(lists);
      }
      terms.push(expansions);
    }
    if (terms.length === 0) return () => 1;
    return (index) => {
      let matched = 0;
      for (const expansions of terms)
        if (expansions.some((lists) => lists.every((docs) => holdsDoc(docs, index)))) matched++;
      return matched / terms.length;
    };
  }

  feedbackWords(index: number): readonly string[] {
    const name = this.nameTerms[index];
    if (!name) return [];
    const out = name.slice();
    for (let j = this.leadStart[index]!; j < this.leadStart[index + 1]!; j++)
      out.push(this.termTexts[this.leadTerms[j]!]!);
    return out;
  }

  idf(term: string): number {
    return this.index.idf(term);
  }

  /**
   * Best `limit` results, best first. With feedback (the configured one when that technique is on, unless
   * `options.feedback` says otherwise), the first results' characteristic words join the query at low weight
   * and the query runs again; the name lift still counts only the words the user gave. `options.memo` keeps
   * each term's scores for later searches of the same call (clauses); the feedback pass only adds its own terms.
   */
  top(
    query: readonly QueryTerm[],
    limit: number,
    allow?: (index: number) => boolean,
    options: RankOptions = {},
  ): Scored[] {
    return limit <= 0 ? [] : this.topOnce(query, limit, allow, options);
  }

  /** top() worked out. */
  private topOnce(
    query: readonly QueryTerm[],
    limit: number,
    allow: ((index: number) => boolean) | undefined,
    options: RankOptions,
  ): Scored[] {
    const feedback =
      options.feedback !== undefined ? options.feedback : this.config.techniques.feedback ? this.config.feedback : null;
    const weightOf = this.weights(query);
    const spelled = this.spelledNames.get(query);
    const plain = this.plainQueries.has(query);
    const memo = this.memoFor(options.memo, plain);
    if (!feedback) return this.rank(query, limit, weightOf, spelled, allow, memo, plain);
    const first = this.rank(query, Math.max(limit, feedback.docs), weightOf, spelled, allow, memo, plain);
    const source: FeedbackSource = plain
      ? { feedbackWords: (i) => this.feedbackWords(i), idf: (t) => this.index.idf(t, true) }
      : this;
    const extra = feedbackTerms(query, first, source, feedback);
    if (extra.length === 0) return first.slice(0, limit);
    // The second pass adds the feedback terms to the first pass's sums (Bm25Index.extend).
    return this.rank(extra, limit, weightOf, spelled, allow, memo, plain, true);
  }

  /**
   * Best `limit` results, best first (score, then name). The name lift is bounded (by the query's heaviest word), so
   * once the first `limit` documents by base score are lifted, any document whose base could not reach them is
   * skipped unscored; the rest are cut at the `limit`-th score by selection, and only those above it are sorted.
   */
  private rank(
    query: readonly QueryTerm[],
    limit: number,
    weightOf: Map<string, number>,
    spelled: SpelledName | undefined,
    allow: ((index: number) => boolean) | undefined,
    memo: TermScoreMemo | undefined,
    plain: boolean,
    extend = false,
  ): Scored[] {
    const { touched, scores } = extend
      ? this.index.extend(query, memo, plain)
      : this.scoreQuery(query, spelled, memo, plain);
    const { rankIndex: index, rankBase: base, rankFinal: lifted, rankWork: work } = this;
    // Seeds: the `limit` documents of highest base score, kept in a min-heap (most documents cost one comparison with
    // its least). Each seed's final score is at least the floor, so at least `limit` documents reach it.
    let seeds = 0;
    for (const i of touched) {
      if (allow && !allow(i)) continue;
      const v = scores[i]!;
      if (seeds < limit) heapPush(base, index, seeds++, v, i);
      else if (v > base[0]!) heapReplaceMin(base, index, seeds, v, i);
    }
    if (seeds === 0) return [];
    let floor = Infinity;
    for (let h = 0; h < seeds; h++) floor = Math.min(floor, this.final(index[h]!, base[h]!, weightOf, spelled));
    // The name lift is at most ×reach (a name covered wholly by the query's heaviest word: an entity's weighs 2), so a
    // document whose base cannot reach the floor is beaten by every seed; the slack covers the sums' rounding. The
    // rest are kept, each with its final score.
    let heaviest = 0;
    for (const w of weightOf.values()) if (w > heaviest) heaviest = w;
    const reach = (1 + this.config.nameBonus * heaviest) * (1 + REACH_SLACK);
    let kept = 0;
    for (const i of touched) {
      const v = scores[i]!;
      if (v * reach < floor || (allow && !allow(i))) continue;
      index[kept] = i;
      lifted[kept++] = this.final(i, v, weightOf, spelled);
    }
    // The first `limit` by final score, then name: those at or above the limit-th score (ties all in), sorted.
    const cut = kept <= limit ? -Infinity : kthLargest(lifted, kept, limit, work);
    const out: Scored[] = [];
    for (let j = 0; j < kept; j++)
      if (lifted[j]! >= cut) out.push({ index: index[j]!, name: this.names[index[j]!]!, score: lifted[j]! });
    out.sort(byScoreThenName);
    if (out.length > limit) out.length = limit;
    return out;
  }
}
