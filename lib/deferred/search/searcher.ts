import { getLexicon, lexiconSteps } from "./lexicon";
import type { ScoredName } from "./alternatives";
import { CallTermScores } from "./bm25";
import { fuseClauses, splitClauses } from "./clauses";
import { isCutRequest, type ParsedQuery, parseQuery, stripControl } from "./query-modes";
import { NameMatcher, squash } from "./select";
import { type BuildSteps, runSteps, SlicedBuild } from "./build-steps";
import { TextRanker, textRankerSteps } from "./ranker";
import { DEFAULT_RANKER, type RankerConfig } from "./ranker-config";
import { topK } from "./reorder";
import { byScoreThenName, type Scored } from "./scored";
import { SafeRegex } from "./regex/match";
import { type SubstringIndex, substringIndexSteps } from "./regex/substring-index";
import type { SearchBudget, SearchDoc, ToolSearcher } from "./types";

/** Text a regex runs over, per document (descriptions can be several thousand characters long). */
const MAX_REGEX_TEXT = 2000;
/**
 * Automaton steps one regex search may spend over the whole catalog, so a hostile pattern costs tens of
 * milliseconds at worst. Counted, not timed, so the answer stays deterministic.
 */
export const REGEX_STEP_BUDGET = 4_000_000;

/** A fresh budget for one search call (or one tool_search call and all its searches). */
export const newSearchBudget = (): SearchBudget => ({ left: REGEX_STEP_BUDGET });

/** Pattern text → the words in it, to rank regex hits and to search when nothing matches. */
const wordsOfPattern = (p: string) => p.replace(/\\[a-zA-Z]|[^\p{L}\p{N}]+/gu, " ").trim();

/** A pattern's tests on tool i (see LexicalSearcher.patternTests). */
interface PatternTests {
  matchName: (i: number) => boolean;
  matchDescription: (i: number) => boolean;
  candidates: Uint8Array | null;
}

/** What pattern searches read: each tool's description lower-cased, and the substring index over name and it. */
interface PatternText {
  lowerDescriptions: string[];
  substrings: SubstringIndex;
}

/** A searcher's build as steps (build-steps.ts), for a build that gives other work a turn now and then. */
export function* lexicalSearcherSteps(
  docs: readonly SearchDoc[],
  config: RankerConfig = DEFAULT_RANKER,
): BuildSteps<LexicalSearcher> {
  yield* lexiconSteps(config.lexicon);
  yield;
  const ranker = yield* textRankerSteps(docs, config);
  return new LexicalSearcher(docs, config, ranker);
}

/**
 * Who is in a `+term` query's pool: a tool whose name contains the term, or whose server is the term ("+git" is not
 * every GitHub tool). Given the tool's name lower-cased, and its name and server squashed (select.ts `squash`).
 */
function plusPoolTest(term: string): (lowerName: string, squashedName: string, squashedServer: string) => boolean {
  const lower = term.toLowerCase();
  const sq = squash(term);
  return (lowerName, squashedName, squashedServer) =>
    lowerName.includes(lower) || (sq.length > 0 && (squashedName.includes(sq) || squashedServer === sq));
}

export class LexicalSearcher implements ToolSearcher {
  private readonly ranker: TextRanker;
  private readonly matcher: NameMatcher;
  private readonly names: string[];
  private readonly lowerNames: string[];
  private readonly squashedNames: string[];
  /** Each tool's server, squashed as the names are (a `+term` may name the server). */
  private readonly squashedServers: string[];
  private readonly descriptions: string[];
  private patternText: PatternText | null = null;
  /** Its build, when patternIndexBuild() has started one (ToolCatalog.warmPatterns runs it in slices). */
  private patternBuild: SlicedBuild<PatternText> | null = null;
  private readonly indexOf: Map<string, number>;

  constructor(
    docs: readonly SearchDoc[],
    private readonly config: RankerConfig = DEFAULT_RANKER,
    ranker?: TextRanker,
  ) {
    // The lexicon is compiled once per process; do it now, not on the first (timed) search.
    getLexicon(config.lexicon);
    this.ranker = ranker ?? new TextRanker(docs, config);
    this.matcher = new NameMatcher(docs, this.ranker);
    this.names = docs.map((d) => d.name);
    this.indexOf = new Map(this.names.map((n, i) => [n, i]));
    this.lowerNames = this.names.map((n) => n.toLowerCase());
    this.squashedNames = this.names.map(squash);
    this.squashedServers = docs.map((d) => squash(d.server ?? ""));
    this.descriptions = docs.map((d) => d.description);
  }

  /**
   * What pattern searches read (lower-cased descriptions and the substring index over them), built by the first
   * one unless patternIndexBuild() built it before: most searchers never see a pattern, and at 10,000 tools this
   * is about a sixth of the build. A build patternIndexBuild() started and nobody finished runs to its end now.
   */
  private forPatterns(): PatternText {
    if (!this.patternText) {
      this.patternText = this.patternBuild ? this.patternBuild.finish() : runSteps(this.patternTextSteps());
      this.patternBuild = null;
    }
    return this.patternText;
  }

  /**
   * The build of what pattern searches read, for a caller to run a slice at a time before any pattern search
   * needs it (ToolCatalog.warmPatterns), so that the first one does not build it in one go (about 60 ms at 10,000
   * tools). Null once it is built; the same build until then.
   */
  patternIndexBuild(): SlicedBuild<PatternText> | null {
    if (this.patternBuild?.done) this.forPatterns();
    if (this.patternText) return null;
    this.patternBuild ??= new SlicedBuild(this.patternTextSteps());
    return this.patternBuild;
  }

  private *patternTextSteps(): BuildSteps<PatternText> {
    const lowerDescriptions: string[] = [];
    for (const d of this.descriptions) lowerDescriptions.push(d.slice(0, MAX_REGEX_TEXT).toLowerCase());
    yield;
    const substrings = yield* substringIndexSteps(
      this.names.map((_n, i) => `${this.lowerNames[i]} ${lowerDescriptions[i]}`),
    );
    return { lowerDescriptions, substrings };
  }

  search(query: string, limit: number): string[] {
    return this.searchScored(query, limit).map((r) => r.name);
  }

  /**
   * Results with their scores (null in the modes that rank without one), for one query in one mode. A query's
   * ` | ` alternatives are split, each scoped and searched, and fused by tool_search (findTools), not here.
   */
  searchScored(query: string, limit: number, budget: SearchBudget = newSearchBudget()): ScoredName[] {
    const k = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
    const parsed = parseQuery(query);
    if (k === 0) return [];
    return this.one(parsed, query.trim(), k, budget);
  }

  /**
   * How well a result matches: the share of the query's words it holds, or null when the query is not plain
   * words (select:, +term and patterns match exactly).
   */
  matchShare(query: string, name: string): number | null {
    const i = this.indexOf.get(name);
    const p = parseQuery(query);
    if (p.mode !== "text" || i === undefined) return null;
    return this.ranker.matchShare(this.ranker.terms(p.text), i);
  }

  /** The tool a `select:` name stands for: itself, or the tool it names in another case or with other separators. */
  named(name: string): string | undefined {
    return this.matcher.named(name);
  }

  /** Whether any tool is in a `+term` query's pool (without one, the query is searched as plain words). */
  holdsPlusTerm(term: string): boolean {
    return this.plusPool(term).length > 0;
  }

  /** The tools in a `+term` query's pool (plusPoolTest), in catalog order. */
  private plusPool(term: string): number[] {
    const test = plusPoolTest(term);
    const pool: number[] = [];
    for (let i = 0; i < this.names.length; i++)
      if (test(this.lowerNames[i]!, this.squashedNames[i]!, this.squashedServers[i]!)) pool.push(i);
    return pool;
  }

  /** One alternative in its mode; `raw` is its text before cleaning (line breaks are clause boundaries). */
  private one(parsed: ParsedQuery, raw: string, k: number, budget: SearchBudget): ScoredName[] {
    const unscored = (names: string[]) => names.map((name) => ({ name, score: null }));
    switch (parsed.mode) {
      case "select":
        return unscored(this.matcher.select(parsed.names, k));
      case "plus":
        return unscored(this.plus(parsed.term, parsed.rest, k));
      case "regex":
        return unscored(this.regex(parsed.pattern, k, budget));
      case "text":
        // A long request cut to its first words (condense.ts): its clause boundaries are read from what is kept.
        return this.ranked(parsed.text, isCutRequest(parsed) ? parsed.text : raw, k);
    }
  }

  /**
   * Plain words, ranked. A long query with clause boundaries is also searched clause by clause (at most
   * `clauses.maxClauses` more ranked searches), and the lists are fused (clauses.ts).
   */
  private ranked(text: string, raw: string, k: number): ScoredName[] {
    const { techniques, clauses: config, feedback } = this.config;
    const named = (found: readonly Scored[]) => found.map((s) => ({ name: s.name, score: s.score }));
    const clauses = techniques.clauses ? splitClauses(raw, config).map(stripControl) : [];
    if (clauses.length === 0) return named(this.ranker.topFused(text, this.ranker.terms(text), k));
    // One memo for the call: a term the whole query and a clause share is scored once.
    const memo = new CallTermScores();
    const on = techniques.feedback;
    const wholeFeedback = on && config.feedback !== "clauses" ? feedback : null;
    const clauseFeedback =
      !on || config.feedback === "whole"
        ? null
        : config.feedback === "clauses"
          ? { ...feedback, minTerms: 0 }
          : feedback;
    const lists = clauses.map((c) => {
      const terms = this.ranker.terms(c);
      const top = this.ranker.top(terms, k, undefined, { feedback: clauseFeedback, memo });
      // A clause whose best result is no real match for it is left out (clauses.minTopShare).
      if (top.length === 0 || this.ranker.matchShare(terms, top[0]!.index) < config.minTopShare) return [];
      return named(top);
    });
    const whole = this.ranker.topFused(text, this.ranker.terms(text), k, { feedback: wholeFeedback, memo });
    return fuseClauses(named(whole), lists, k);
  }

  private text(text: string, k: number): string[] {
    return this.ranker.topFused(text, this.ranker.terms(text), k).map((s) => s.name);
  }

  /**
   * `+term rest`: only tools whose name contains term or whose server is term (case and separators ignored),
   * ranked by rest.
   * The server counts because many tools do not repeat it in their name: "+gitlab merge request" must reach
   * the GitLab server's create_merge_request.
   */
  private plus(term: string, rest: string, k: number): string[] {
    const pool = this.plusPool(term);
    // No name has the term: say what the words find rather than nothing at all.
    if (pool.length === 0) return this.text(`${term} ${rest}`, k);
    // Ranked by rest; the term's own score (at 1 %) only breaks ties, e.g. when rest is empty.
    const query = [
      ...this.ranker.terms(rest),
      ...this.ranker
        .terms(term)
        .map((q) => ({ ...q, expansions: q.expansions.map((e) => ({ ...e, weight: e.weight * 0.01 })) })),
    ];
    const inSet = new Uint8Array(this.names.length);
    for (const i of pool) inSet[i] = 1;
    const ranked = this.ranker.top(query, k, (i) => inSet[i] === 1).map((s) => s.name);
    if (ranked.length >= k) return ranked;
    // Pool members no word matched still qualify (the term is in their name): after the ranked ones, by name.
    const taken = new Set(ranked);
    const rest_ = pool
      .map((i) => this.names[i]!)
      .filter((n) => !taken.has(n))
      .sort();
    return [...ranked, ...rest_].slice(0, k);
  }

  /**
   * Whether a pattern matches the name or description of any of these tools: a pattern search whose results
   * match it found tools by the pattern, else (nothing matched) it searched the pattern's words instead.
   */
  patternMatchesAny(pattern: string, names: readonly string[], budget: SearchBudget): boolean {
    const { matchName, matchDescription } = this.patternTests(pattern, budget);
    return names.some((n) => {
      const i = this.indexOf.get(n);
      return i !== undefined && (matchName(i) || matchDescription(i));
    });
  }

  /**
   * A pattern's tests on tool i's name and description, and the tools its literal parts allow (null: any).
   * A pattern that cannot run (syntax error, back-reference…) is matched as literal text.
   */
  private patternTests(pattern: string, budget: SearchBudget): PatternTests {
    const { lowerDescriptions, substrings } = this.forPatterns();
    try {
      const re = new SafeRegex(pattern);
      return {
        matchName: (i) => re.matches(this.lowerNames[i]!, budget),
        matchDescription: (i) => re.matches(lowerDescriptions[i]!, budget),
        candidates: substrings.candidates(re.filters),
      };
    } catch {
      const lit = pattern.toLowerCase();
      return {
        matchName: (i) => this.lowerNames[i]!.includes(lit),
        matchDescription: (i) => lowerDescriptions[i]!.includes(lit),
        candidates: substrings.candidates([[lit]]),
      };
    }
  }

  /** A pattern: name matches before description matches, then by the words of the pattern, then by name. */
  private regex(pattern: string, k: number, budget: SearchBudget): string[] {
    const { matchName, matchDescription, candidates } = this.patternTests(pattern, budget);
    const tier = new Map<number, number>();
    for (let i = 0; i < this.names.length; i++) {
      if (candidates && candidates[i] === 0) continue;
      if (matchName(i)) tier.set(i, 2);
      else if (matchDescription(i)) tier.set(i, 1);
    }
    const words = wordsOfPattern(pattern);
    if (tier.size === 0) return words ? this.text(words, k) : [];
    // Within a tier, order by the ranked text search over the pattern's words.
    const lexical = new Map<number, number>();
    if (words)
      for (const s of this.ranker.scoreAll(this.ranker.terms(words), (i) => tier.has(i))) lexical.set(s.index, s.score);
    // The tier dominates; the lexical score (capped below 1,000) only orders within a tier.
    const all = [...tier].map(([i, t]) => ({
      index: i,
      name: this.names[i]!,
      score: t * 1000 + Math.min(999, lexical.get(i) ?? 0),
    }));
    return topK(all, k).map((s) => s.name);
  }
}

export { byScoreThenName };
