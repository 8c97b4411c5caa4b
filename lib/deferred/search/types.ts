import type { SlicedBuild } from "./build-steps";

/** A tool as the search sees it: the text a ranking may use. */
export interface SearchDoc {
  name: string;
  description: string;
  /** JSON Schema of the tool's arguments (an object schema). */
  parameters: Record<string, unknown>;
  /** MCP server the tool came from, when known. */
  server?: string;
  /**
   * What that server is for, in its user's or its publisher's words (its `description` in extensions_config.json,
   * else its own serverInfo description), when one is given: the same text on every tool of the server.
   */
  serverDescription?: string;
}

/**
 * Pattern work one search call may spend; tool_search shares one among every search a call makes (its
 * alternatives, its closest names), so alternatives cannot multiply a hostile pattern's cost. Counted in automaton steps, not
 * timed, so answers stay deterministic. Make one with `newSearchBudget()`.
 */
export interface SearchBudget {
  left: number;
}

/** Built once per catalog hash; `search` must be cheap and deterministic. */
export interface ToolSearcher {
  /** Names of the best matches, best first, at most `limit`. */
  search(query: string, limit: number): string[];
  /**
   * The same results with their scores where the mode ranks by one (plain text), else null; lets
   * tool_search tell a clear best match from weak ones. One query in one mode: tool_search splits and fuses
   * alternatives (` | `, `queries`) itself.
   */
  searchScored?(query: string, limit: number, budget?: SearchBudget): Array<{ name: string; score: number | null }>;
  /**
   * Share (0–1) of the query's words a result holds, null where the query matches exactly (select:, +term,
   * patterns); lets tool_search tell the model that even its best match is weak.
   */
  matchShare?(query: string, name: string): number | null;
  /** The tool a `select:` name stands for (itself, or written in another case or with other separators), if any. */
  named?(name: string): string | undefined;
  /** Whether any tool's name holds a `+term` query's term, or its server is the term. */
  holdsPlusTerm?(term: string): boolean;
  /** Whether a pattern matches the name or description of any of these tools (else its words were searched). */
  patternMatchesAny?(pattern: string, names: readonly string[], budget: SearchBudget): boolean;
  /**
   * What the first pattern search would otherwise build in one go, as a build to run a slice at a time before
   * one comes; null once built (or for a searcher that builds nothing for patterns).
   */
  patternIndexBuild?(): SlicedBuild<unknown> | null;
}

/** A query the searcher refuses (too long, empty…); the message is shown to the model. */
export class SearchQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SearchQueryError";
  }
}
