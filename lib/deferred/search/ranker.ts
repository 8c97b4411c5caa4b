import type { ToolActionClasses } from "./actions";
import { type BuildSteps, runSteps } from "./build-steps";
import { CjkExamples } from "./cjk-examples";
import { cjkSegments, type QueryTerm } from "./expand";
import type { FeedbackSource } from "./feedback";
import { getLearnedCjk, LEARNED_CJK_FILE } from "./learned-cjk";
import { fuseNamedServer, type NamedServers } from "./named-servers";
import { TYPOGRAPHIC_QUOTES, terms as textTerms } from "./tokenize";
import { getExemplars } from "./exemplars";
import type { Scored } from "./scored";
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
import { inAnotherLanguage } from "./query-reader";
import { LexicalRanking, type RankOptions } from "./lexical-ranking";
import { type RankerParts, rankerParts } from "./ranker-parts";
import type { SearchDoc } from "./types";
import { getCjkWordVectors, type Near, type VectorIndex } from "./word-vectors";

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

/**
 * The ranked search: the lexical ranking (lexical-ranking.ts) fused with the learned stages' (translation model,
 * worked examples, vectors, server profiles, the named server, sibling contrast, the action classifier, the reranker),
 * each on its own switch (techniques.ts).
 */
export class TextRanker implements FeedbackSource {
  readonly names: string[];
  /** The lexical ranking the stages start from (lexical-ranking.ts). */
  private readonly lexical: LexicalRanking;
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
  /**
   * While topFused() ranks a request twice (with `translated`), what both rankings read of it: the lexical rankings
   * sharedTop() gave, by limit (the same query, options and limit give the same ranking), its server shares and the tools
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
    this.lexical = new LexicalRanking(parts, config);
    this.names = this.lexical.names;
    this.neighbours = parts.neighbours;
    this.likelihood = parts.likelihood;
    this.servers = parts.servers;
    this.vectors = parts.vectors;
    this.siblings = parts.siblings;
    this.actions = parts.actions;
    this.named = parts.named;
    this.reranker = parts.reranker;
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
      matchShare: this.lexical.matchShares(query),
      serverOf: (i) => servers.serverOf[i]!,
      serverSize: (s) => sizes[s]!,
      serverShare: (i, shares) => (profiles ? profiles.shareOf(shares, i) : 0),
      nameWords: (i) => this.lexical.nameTerms[i]!.length,
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
    if (!this.config.techniques.translated || !inAnotherLanguage(text, query)) return null;
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
    if (!this.likelihood || !words) return this.traced(this.sharedTop(query, limit, options));
    const use = this.config.likelihood;
    const depth = Math.max(limit, use.depth);
    const model = this.likelihood.topWords(words, depth);
    if (this.trace) this.trace.likelihood ??= model;
    return this.fusedByShare(this.traced(this.sharedTop(query, depth, options)), model, use.weight, limit);
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
      this.traced(this.sharedTop(query, depth, options)),
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
        (tool) =>
          this.neighbours?.[tool] ?? exemplars.neighboursFor(this.lexical.nameTerms[tool]!, this.config.exemplars),
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

  /** Query text → terms with every expansion (LexicalRanking.terms). */
  terms(text: string): QueryTerm[] {
    return this.lexical.terms(text);
  }

  /** Every document with a positive score for the query (optionally only those `allow` accepts), unsorted. */
  scoreAll(query: readonly QueryTerm[], allow?: (index: number) => boolean): Scored[] {
    return this.lexical.scoreAll(query, allow);
  }

  /** The share of the query's terms a document holds through a trusted expansion (LexicalRanking.matchShare). */
  matchShare(query: readonly QueryTerm[], index: number): number {
    return this.lexical.matchShare(query, index);
  }

  feedbackWords(index: number): readonly string[] {
    return this.lexical.feedbackWords(index);
  }

  idf(term: string): number {
    return this.lexical.idf(term);
  }

  /** The lexical ranking's best `limit` results, best first (LexicalRanking.top). */
  top(...args: Parameters<LexicalRanking["top"]>): Scored[] {
    return this.lexical.top(...args);
  }

  /**
   * The stages' lexical ranking (LexicalRanking.top): while topFused() ranks a request twice (`shared`), each ranking
   * of the same query, options and limit is worked out once.
   */
  private sharedTop(query: readonly QueryTerm[], limit: number, options: RankOptions): Scored[] {
    const shared = this.shared;
    if (!shared || shared.query !== query || shared.options !== options)
      return this.lexical.top(query, limit, undefined, options);
    let found = shared.byLimit.get(limit);
    if (!found) {
      found = this.lexical.top(query, limit, undefined, options);
      shared.byLimit.set(limit, found);
    }
    // A copy: callers may sort what they are given.
    return found.slice();
  }
}
