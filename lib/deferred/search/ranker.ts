import type { ToolActionClasses } from "./actions";
import type { NameAssociations } from "./associations";
import { type BuildSteps, runSteps } from "./build-steps";
import type { Bm25Index, ScoreResult, TermScoreMemo, TermScores } from "./bm25";
import { CjkExamples } from "./cjk-examples";
import { cjkSegments, isCjkSegment, type QueryTerm } from "./expand";
import { type FeedbackConfig, type FeedbackSource, feedbackTerms } from "./feedback";
import { getLearnedCjk, LEARNED_CJK_FILE } from "./learned-cjk";
import { fuseNamedServer, type NamedServers } from "./named-servers";
import { TYPOGRAPHIC_QUOTES, terms as textTerms } from "./tokenize";
import { getExemplars } from "./exemplars";
import { byScoreThenName, heapPush, heapReplaceMin, kthLargest, type Scored } from "./scored";
import type { ServerProfiles } from "./server-profiles";
import type { Siblings } from "./siblings";
import type { TranslationLm } from "./translation-lm";
import {
  type CandidateFacts,
  getReranker,
  type RankTrace,
  type RerankModel,
  FEATURE_COUNT,
  rerankFeatures,
} from "./rerank";
import { DEFAULT_RANKER, type RankerConfig } from "./ranker-config";
import { addLifts, fuseVectors, reorderBy, reorderByAction, reorderByScores, topK } from "./reorder";
import { FOREIGN_LETTER, QueryReader } from "./query-reader";
import { type RankerParts, rankerParts } from "./ranker-parts";
import type { SearchDoc } from "./types";
import { getCjkWordVectors, type Near, type VectorIndex } from "./word-vectors";

/** What a ranked search may be given: feedback settings (null: none) and a per-call memo of term scores. */
export interface RankOptions {
  feedback?: FeedbackConfig | null;
  memo?: TermScoreMemo;
}

/** (document, score) pairs of typed words' terms one searcher keeps: 12 bytes each, 24 MB at most. */
const MAX_SHARED_SCORES = 2_000_000;

/**
 * Text with a character outside ASCII other than typographic punctuation (dashes, curly quotes, primes, the
 * ellipsis, a no-break space): not English to the learned models. "don’t — “this”" is English as "don't - \"this\""
 * is, so a phone's or word processor's punctuation does not change what the search finds.
 */
const NOT_ENGLISH = new RegExp(`[^\\x00-\\x7f\\u00a0\\u2010-\\u2015\\u2026${TYPOGRAPHIC_QUOTES}]`);
/**
 * With `translated` on, a request in another language keeps its first five (TRANSLATED_WINDOW), ordered as the
 * learned models rank them through its translation, read TRANSLATED_DEPTH deep (a result not in that depth comes
 * after the ones that are).
 */
const TRANSLATED_WINDOW = 5;
const TRANSLATED_DEPTH = 50;
/** Relative slack on rank()'s bound on the name lift: more than a sum of a few weights can be off by rounding. */
const REACH_SLACK = 1e-9;

/** What levelname keeps of a query that names a server by words it spells (TextRanker.noteSpelledName). */
interface SpelledName {
  server: number;
  /** The typed words' terms that spell the server's name (scoreQuery levels their part). */
  terms: QueryTerm[];
  /** The server's name's words as a tool's name holds them (final lifts none of its tools for them). */
  nameWords: ReadonlySet<string>;
}

/**
 * A ranker's index build as steps (build-steps.ts): it pauses every few dozen tools' fields and worked examples,
 * after loading each resource and after each part, and within the larger parts (BM25F lists, the translation
 * model, the vectors) between tools or lists, never inside one tool's fields (the tokenizer's and the worked
 * examples' scratch is empty between tools), so any number of builds may take turns.
 */
export function* textRankerSteps(
  docs: readonly SearchDoc[],
  config: RankerConfig = DEFAULT_RANKER,
): BuildSteps<TextRanker> {
  const parts = yield* rankerParts(docs, config);
  return new TextRanker(docs, config, parts);
}

/** Whether the learned models read a text's own words: English (ASCII, typographic punctuation allowed). */
export function isEnglish(text: string): boolean {
  return NOT_ENGLISH.exec(text) === null;
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

/** The ranked lexical search: BM25F plus vocabulary-aware expansion (prefixes, typos) and name coverage. */
export class TextRanker implements FeedbackSource {
  readonly names: string[];
  private readonly index: Bm25Index;
  private readonly nameTerms: string[][];
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
  /** Built only when that technique is on. */
  private readonly associations: NameAssociations | null;
  /** The translation language model, when that technique is on (built with the index). */
  private readonly likelihood: TranslationLm | null;
  /** Each tool's worked-example neighbours, kept from the index build for the worked examples in Chinese and Japanese. */
  private readonly neighbours: number[][] | null;
  /** Worked examples in Chinese and Japanese, built on the first such request (`exemplarscjk`). */
  private cjkExamples: CjkExamples | null = null;
  /** Server profiles, when that technique is on (built with the index). */
  private readonly servers: ServerProfiles | null;
  /** The tools as learned vectors, when that technique is on (built with the index). */
  private readonly vectors: VectorIndex | null;
  /** The action classifier and each tool's action class, when that technique is on (built with the index). */
  private readonly actions: ToolActionClasses | null;
  /** The catalog's servers by name, when the `named` technique is on. */
  private readonly named: NamedServers | null;
  /** Each server's tools and mean vector, when the `siblings` technique is on. */
  private readonly siblings: Siblings | null;
  /** The learned reranker, when that technique is on. */
  private readonly reranker: RankerParts["reranker"];
  /** Its learned model (learned-reranker.json), read on the first request it reorders. */
  private rerankModel: RerankModel | null = null;
  /** While topFused() ranks a request for the reranker, what its stages said of it (first write wins). */
  private trace: RankTrace | null = null;
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
  /**
   * While topFused() ranks a request twice (with `translated`), what both rankings read of it: the lexical rankings
   * top() gave, by limit (the same query, options and limit give the same ranking), its server shares and the tools
   * nearest its Chinese and Japanese words (pure functions of the query; undefined until asked), so the second asks
   * for them again at no cost.
   */
  private shared: {
    query: readonly QueryTerm[];
    options: RankOptions;
    byLimit: Map<number, readonly Scored[]>;
    shares?: Float64Array | null;
    cjkNear?: Near[];
  } | null = null;

  constructor(
    docs: readonly SearchDoc[],
    private readonly config: RankerConfig = DEFAULT_RANKER,
    parts: RankerParts = runSteps(rankerParts(docs, config)),
  ) {
    this.names = parts.names;
    const tools = parts.names.length;
    this.rankIndex = new Int32Array(tools);
    this.rankBase = new Float64Array(tools);
    this.rankFinal = new Float64Array(tools);
    this.rankWork = new Float64Array(tools);
    this.nameTerms = parts.nameTerms;
    this.neighbours = parts.neighbours;
    this.nameWords = parts.nameWords;
    this.leadStart = parts.leadStart;
    this.leadTerms = parts.leadTerms;
    this.termTexts = parts.termTexts;
    this.index = parts.index;
    this.associations = parts.associations;
    this.likelihood = parts.likelihood;
    this.servers = parts.servers;
    this.vectors = parts.vectors;
    this.siblings = parts.siblings;
    this.actions = parts.actions;
    this.named = parts.named;
    this.reranker = parts.reranker;
    this.reader = new QueryReader(parts, config, () => this.clearSharedScores());
  }

  /**
   * The lexical top `limit` for `query` (the terms of `text`), fused with the translation language model's
   * ranking when that technique is on and the models have words to read (modelWords: English text, or another
   * language's translation with `translated` on; their translations were learned from English requests); a Chinese
   * or Japanese request's is fused instead with its worked examples' (`exemplarscjk`, cjk-examples.ts). Over
   * each side's first `likelihood.depth` results, a tool's fused score is its lexical score plus
   * `likelihood.weight` × the lexical best × its model score / the model's best. With server profiles on, the
   * first `servers.depth` of that ranking are then lifted by their server's match (liftByServer); with learned
   * vectors on (the same words), the first `vectors.pool` of it are fused with the tools nearest the request
   * (fuseVectors), and a Chinese or Japanese request's first `cjkVectors.pool` with the tools nearest its own
   * words' learned vectors (`vectorscjk`, cjkNearest). With `named` on and one server named in the text, the first
   * `named.main` of the first `named.depth` of that are fused with that server's tools among them
   * (fuseNamedServer). With `siblings` on (the
   * same words), the first `siblings.main` of that have the first result's server's tools told apart by their
   * centred vectors (Siblings.lift). Last, with the action classifier on (English text only), the first
   * `actions.window` of that are reordered by the action the request asks for, the first result's server's tools
   * among the first `actions.siblings` joining them (reorderByAction); and with
   * `translated` on, a request in another language (which the models cannot read) has its first five ordered as the
   * same ranking through its translation ranks them (reorderBy). Every score is in the lexical score's units. Last,
   * with `rerank` on, the first `rerank.depth` of that are ordered by the learned reranker over what each stage said
   * of them (rerankRows, rerank.ts), each place keeping its score.
   */
  topFused(text: string, query: readonly QueryTerm[], limit: number, options: RankOptions = {}): Scored[] {
    if (limit <= 0) return [];
    if (!this.reranker) return this.fused(text, query, limit, options);
    const { ranked, features } = this.rerankRows(text, query, Math.max(limit, this.config.rerank.depth), options);
    const n = features.length / FEATURE_COUNT;
    if (n < 2) return ranked.slice(0, limit);
    if (!this.rerankModel) this.rerankModel = getReranker();
    return reorderByScores(ranked, this.rerankModel.score(features)).slice(0, limit);
  }

  /**
   * The ranking (topFused() before the reranker reorders it) to `depth`, and the reranker's features of its first
   * `config.rerank.depth` (rerank.ts), one row each: what scripts/learn-reranker.ts learns from. Needs the `rerank`
   * technique on (the servers by number).
   */
  rerankRows(
    text: string,
    query: readonly QueryTerm[],
    depth: number,
    options: RankOptions = {},
  ): { ranked: Scored[]; features: Float64Array } {
    const parts = this.reranker;
    if (!parts) throw new Error("rerankRows: the rerank technique is off");
    const trace: RankTrace = {};
    this.trace = trace;
    let ranked: Scored[];
    try {
      ranked = this.fused(text, query, depth, options);
    } finally {
      this.trace = null;
    }
    const { servers, sizes } = parts;
    const profiles = this.servers;
    const actions = this.actions;
    const clip = this.config.actions.clip;
    const facts: CandidateFacts = {
      matchShare: this.matchShares(query),
      serverOf: (i) => servers.serverOf[i]!,
      serverSize: (s) => sizes[s]!,
      serverShare: (i, shares) => (profiles ? profiles.shareOf(shares, i) : 0),
      nameWords: (i) => this.nameTerms[i]!.length,
      actionLift: (i, p) => (actions ? actions.model.lift(p, actions.of(i), clip) : 0),
    };
    const head = ranked.slice(0, this.config.rerank.depth);
    const english = isEnglish(text);
    return { ranked, features: rerankFeatures(head, trace, facts, { english, terms: query.length }) };
  }

  /** topFused() before the reranker. */
  private fused(text: string, query: readonly QueryTerm[], limit: number, options: RankOptions): Scored[] {
    const words = this.modelWords(text);
    if (!words) {
      // Not English: the learned models read nothing of it (but a Chinese or Japanese request's own vectors,
      // vectorscjk). With `translated` on, they read its translation, and that ranking orders the first five
      // (translatedWords).
      const translated = this.translatedWords(text, query);
      if (!translated) return this.siblingsLifted(text, query, null, limit, options);
      // Both rankings start from the same lexical ones (top()): each is worked out once for the two.
      this.shared = { query, options, byLimit: new Map() };
      try {
        const ranked = this.siblingsLifted(text, query, null, Math.max(limit, TRANSLATED_WINDOW), options);
        // The reranker reads what the first ranking's stages said (the one whose first five this reorders).
        const trace = this.trace;
        this.trace = null;
        let read: Scored[];
        try {
          read = this.siblingsLifted(text, query, translated, TRANSLATED_DEPTH, options);
        } finally {
          this.trace = trace;
        }
        return reorderBy(ranked, read, TRANSLATED_WINDOW).slice(0, limit);
      } finally {
        this.shared = null;
      }
    }
    // English: the action classifier (learned from English requests, as the other models were) reads the text.
    if (!this.actions) return this.siblingsLifted(text, query, words, limit, options);
    const use = this.config.actions;
    const ranked = this.siblingsLifted(text, query, words, Math.max(limit, use.window, use.siblings), options);
    const classes = this.actions;
    const probabilities = classes.model.probabilities(text);
    if (this.trace) this.trace.actions ??= probabilities;
    return reorderByAction(
      ranked,
      classes.model,
      probabilities,
      (index) => classes.of(index),
      use,
      (index) => classes.serverOf(index),
    ).slice(0, limit);
  }

  /** topFused() before its first results are reordered (by the action classifier, or through a translation). */
  private siblingsLifted(
    text: string,
    query: readonly QueryTerm[],
    words: readonly string[] | null,
    limit: number,
    options: RankOptions,
  ): Scored[] {
    if (!this.siblings || !words) return this.namedFused(text, query, words, limit, options);
    const use = this.config.siblings;
    return this.siblings.lift(
      this.namedFused(text, query, words, Math.max(limit, use.main), options),
      words,
      use,
      limit,
    );
  }

  /** topFused() before siblings are told apart: the ranking with a named server's tools lifted (see topFused). */
  private namedFused(
    text: string,
    query: readonly QueryTerm[],
    words: readonly string[] | null,
    limit: number,
    options: RankOptions,
  ): Scored[] {
    const server = this.named ? this.named.named(text) : -1;
    if (this.trace) this.trace.named ??= server;
    if (server < 0) return this.vectorFused(words, query, limit, options);
    const use = this.config.named;
    const ranked = this.vectorFused(words, query, Math.max(limit, use.depth, use.main), options);
    return fuseNamedServer(ranked, server, this.named!.serverOf, use, limit);
  }

  /** The ranking fused with the tools nearest the request by learned vectors (see topFused). */
  private vectorFused(
    words: readonly string[] | null,
    query: readonly QueryTerm[],
    limit: number,
    options: RankOptions,
  ): Scored[] {
    // A Chinese or Japanese request's own words' vectors (vectorscjk): fused into its ranking, and in place of its
    // translation's in the ranking that orders its first five (one scan either way: cjkNearest keeps it).
    const use = words ? this.config.vectors : this.config.cjkVectors;
    let near = this.cjkNearest(query);
    if (near.length === 0 && this.vectors && words) near = this.vectors.nearestWords(words, use.depth);
    if (near.length === 0) return this.serverLifted(words, query, limit, options);
    if (this.trace) this.trace.near ??= near;
    const ranked = this.serverLifted(words, query, Math.max(limit, use.pool), options);
    return fuseVectors(ranked, near, use.weight, (i) => this.names[i]!, limit);
  }

  /**
   * With `vectorscjk` on, the tools nearest a Chinese or Japanese request's segmenter words by their learned vectors
   * (read on the first such request); none for other text or when no word has one. Worked out once while topFused()
   * ranks the query twice.
   */
  private cjkNearest(query: readonly QueryTerm[]): Near[] {
    if (!this.config.techniques.vectorscjk || !this.vectors) return [];
    const shared = this.shared;
    if (shared?.query !== query) return this.cjkNearestOnce(query, this.vectors);
    if (shared.cjkNear === undefined) shared.cjkNear = this.cjkNearestOnce(query, this.vectors);
    return shared.cjkNear;
  }

  /** cjkNearest() worked out. */
  private cjkNearestOnce(query: readonly QueryTerm[], vectors: VectorIndex): Near[] {
    const words = cjkSegments(query);
    return words.length === 0 ? [] : vectors.nearestWords(words, this.config.cjkVectors.depth, getCjkWordVectors());
  }

  /**
   * The words the learned models read (they were learned from English requests): an English text's own words
   * (ASCII, typographic punctuation allowed: NOT_ENGLISH), and none (null) for any other text (translatedWords()
   * reads that one through its translation).
   */
  private modelWords(text: string): readonly string[] | null {
    return isEnglish(text) ? textTerms(text) : null;
  }

  /**
   * With `translated` on, what the learned models read of a request in another language (one modelWords() gives
   * nothing, with a letter outside ASCII or a word the lexicon translated): the English words its terms were
   * translated into and the English words typed in it; else null.
   */
  private translatedWords(text: string, query: readonly QueryTerm[]): readonly string[] | null {
    if (!this.config.techniques.translated || (!FOREIGN_LETTER.test(text) && !query.some((q) => q.translated)))
      return null;
    const words: string[] = [];
    for (const q of query)
      if (q.translated || (q.surface !== undefined && NOT_ENGLISH.exec(q.surface) === null))
        words.push(...q.expansions[0]!.terms);
    return words.length > 0 ? words : null;
  }

  /** The lexical ranking fused with the translation language model's, then lifted by server (see topFused). */
  private serverLifted(
    words: readonly string[] | null,
    query: readonly QueryTerm[],
    limit: number,
    options: RankOptions,
  ): Scored[] {
    const shares = this.serverShares(query);
    if (this.trace) this.trace.shares ??= shares;
    if (!this.servers || !shares) return this.modelFused(words, query, limit, options);
    return this.liftByServer(
      this.modelFused(words, query, Math.max(limit, this.config.servers.depth), options),
      this.servers,
      shares,
      limit,
    );
  }

  /** The query's server shares (ServerProfiles.shares), worked out once while topFused() ranks it twice. */
  private serverShares(query: readonly QueryTerm[]): Float64Array | null {
    if (!this.servers) return null;
    const shared = this.shared;
    if (shared?.query !== query) return this.servers.shares(query);
    if (shared.shares === undefined) shared.shares = this.servers.shares(query);
    return shared.shares;
  }

  /** The lexical ranking fused with the translation language model's over `words` (see topFused). */
  private modelFused(
    words: readonly string[] | null,
    query: readonly QueryTerm[],
    limit: number,
    options: RankOptions,
  ): Scored[] {
    if (!words && this.config.techniques.exemplarscjk) {
      const segments = cjkSegments(query);
      if (segments.length > 0) return this.cjkExamplesFused(segments, query, limit, options);
    }
    if (!this.likelihood || !words) return this.traced(this.top(query, limit, undefined, options));
    const use = this.config.likelihood;
    const depth = Math.max(limit, use.depth);
    const model = this.likelihood.topWords(words, depth);
    if (this.trace) this.trace.likelihood ??= model;
    return this.fusedByShare(this.traced(this.top(query, depth, undefined, options)), model, use.weight, limit);
  }

  /** A lexical ranking, kept in the reranker's trace when one is being kept (the first one). */
  private traced(lexical: Scored[]): Scored[] {
    if (this.trace) this.trace.lexical ??= lexical.slice();
    return lexical;
  }

  /**
   * A Chinese or Japanese request's lexical ranking fused with its worked examples' (cjk-examples.ts, built on the
   * first such request): over each side's first `cjkExamples.depth`, a tool's lexical score plus `weight` × the
   * lexical best × its score there / the best score there.
   */
  private cjkExamplesFused(
    segments: readonly string[],
    query: readonly QueryTerm[],
    limit: number,
    options: RankOptions,
  ): Scored[] {
    const use = this.config.cjkExamples;
    const depth = Math.max(limit, use.depth);
    return this.fusedByShare(
      this.traced(this.top(query, depth, undefined, options)),
      this.cjkExampleIndex().top(segments, depth),
      use.weight,
      limit,
    );
  }

  /** The worked examples in Chinese and Japanese over this catalog, built on first use. */
  private cjkExampleIndex(): CjkExamples {
    if (!this.cjkExamples) {
      const exemplars = getExemplars();
      const words = getLearnedCjk().examples;
      // Both files are written together by `npm run learn:associations`; operations are numbered alike in both.
      if (words.start.length - 1 !== exemplars.operations)
        throw new Error(
          `${LEARNED_CJK_FILE}: worked-example words for ${words.start.length - 1} operations, but learned-exemplars.json holds ${exemplars.operations}: run npm run learn:associations`,
        );
      this.cjkExamples = new CjkExamples(
        words,
        this.names.length,
        (tool) => this.neighbours?.[tool] ?? exemplars.neighboursFor(this.nameTerms[tool]!, this.config.exemplars),
        this.config.cjkExamples,
      );
    }
    return this.cjkExamples;
  }

  /**
   * A lexical ranking fused with another ranking of the same tools (best first), in the lexical score's units (BM25F,
   * which prefetch's min_score and the relative cuts read): a result's lexical score plus the other's share of its
   * best, times `weight` × the lexical best. No other ranking: the lexical one as it is.
   */
  private fusedByShare(
    lexical: Scored[],
    other: readonly { index: number; score: number }[],
    weight: number,
    limit: number,
  ): Scored[] {
    if (other.length === 0) return lexical.slice(0, limit);
    const lexicalBest = lexical[0]?.score ?? 0;
    const scale = lexicalBest > 0 ? lexicalBest : 1;
    const otherBest = other[0]!.score;
    return addLifts(
      lexical,
      other,
      (s) => (weight * scale * s.score) / otherBest,
      (i) => this.names[i]!,
      limit,
    );
  }

  /**
   * Candidates (best first) lifted by their server's profile match: each gains `servers.weight` × the best
   * candidate's score × its server's share of the best server's; in the same units, so the cuts read them as before.
   */
  private liftByServer(candidates: Scored[], profiles: ServerProfiles, shares: Float64Array, limit: number): Scored[] {
    const best = candidates[0]?.score ?? 0;
    if (best <= 0) return candidates.slice(0, limit);
    const lift = this.config.servers.weight * best;
    const lifted = candidates.map((s) => ({ ...s, score: s.score + lift * profiles.shareOf(shares, s.index) }));
    return topK(lifted, limit);
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

  /** A term this ranker keeps for its typed word (wholeTerm), so its scores may be kept across calls. */
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
    if (limit <= 0) return [];
    const shared = this.shared;
    if (!shared || allow || shared.query !== query || shared.options !== options)
      return this.topOnce(query, limit, allow, options);
    let found = shared.byLimit.get(limit);
    if (!found) {
      found = this.topOnce(query, limit, allow, options);
      shared.byLimit.set(limit, found);
    }
    // A copy: callers may sort what they are given.
    return found.slice();
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
