import { fuseAlternatives, type ScoredName } from "./alternatives";
import { terms } from "./tokenize";

/**
 * Clause search for long requests. A whole-task statement ("Yesterday's deploy broke checkout; record a
 * performance trace and tell me what blocks the main thread") needs one tool for one of its steps, but the words
 * of the other steps drown that step's own words in one ranked search. A long plain-text query that has clause
 * boundaries is therefore also searched clause by clause, and the whole query and its clauses are fused.
 *
 * Boundaries: sentence ends (`.` `!` `?` before a space), `;`, line breaks, `, then`, ` and then `, ` then `, and
 * in Chinese/Japanese `，` `。` `；` `！` `？` `然后`. Nothing inside quotes ('…', "…", “…”, ‘…’, 「…」, 『…』) or code
 * (`…`, ```…```) splits.
 */
export interface ClauseConfig {
  /** Only queries of at least this many words (search terms: stopwords not counted; CJK: segmenter words) are split. */
  minWords: number;
  /** At most this many clauses are searched (each costs one ranked search); the longest are kept. */
  maxClauses: number;
  /** A clause with fewer words joins the clause before it (or after it, for the first): "summarise it" alone says little. */
  minClauseWords: number;
  /**
   * Where pseudo-relevance feedback runs (when that technique is on): "each" lets every search decide by its own
   * length (the whole query gets it, short clauses do not), "whole" only the whole query, "clauses" only the
   * clauses (whatever their length) and not the whole query.
   */
  feedback: "each" | "whole" | "clauses";
  /** Also cut at ", " and ": " (soft boundaries), not only at the boundaries above. */
  commas: boolean;
  /**
   * A clause is fused only when its best result holds at least this share of the clause's words (a real match
   * for that step), so a clause that finds nothing in particular cannot push its best guess into the answer.
   */
  minTopShare: number;
}

export const DEFAULT_CLAUSES: ClauseConfig = {
  minWords: 6,
  maxClauses: 3,
  minClauseWords: 2,
  feedback: "whole",
  commas: false,
  minTopShare: 0.5,
};

/** Opening quote or code mark → its closing one. */
const QUOTES: Record<string, string> = {
  '"': '"',
  "'": "'",
  "`": "`",
  "\u201c": "\u201d",
  "\u2018": "\u2019",
  "\u300c": "\u300d",
  "\u300e": "\u300f",
};

const LETTER = /[\p{L}\p{N}]/u;
const isLetter = (c: string | undefined) => c !== undefined && LETTER.exec(c) !== null;
const isSpace = (c: string | undefined) => c === undefined || c.trim() === "";
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
/** Full-width clause ends: always a boundary (no space follows them in CJK text). */
const CJK_ENDS = new Set(["\uff0c", "\u3002", "\uff1b", "\uff01", "\uff1f"]);

/**
 * Where the quote opened at `i` closes (the index of its closing mark), or -1 when `i` opens no quote. An
 * apostrophe inside a word ("what's", "users'") opens nothing; a straight quote opens only at a word's start
 * and closes only at a word's end, and code spans (``` or `) close at the same run of backticks.
 */
function quoteEnd(text: string, i: number): number {
  const c = text[i]!;
  if (c === "`") {
    let run = 1;
    while (text[i + run] === "`") run++;
    const end = text.indexOf("`".repeat(run), i + run);
    return end < 0 ? -1 : end + run - 1;
  }
  const close = QUOTES[c];
  if (close === undefined) return -1;
  const straight = c === close;
  if (straight && isLetter(text[i - 1])) return -1;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] !== close) continue;
    if (straight && isLetter(text[j + 1])) continue;
    return j;
  }
  return -1;
}

/** A word boundary "then" at `i` (case ignored), preceded by a space or comma: the next step starts there. */
function thenAt(text: string, i: number): boolean {
  if ((text.charCodeAt(i) | 32) !== 116 || text.slice(i, i + 4).toLowerCase() !== "then") return false;
  return isSpace(text[i - 1]) && text[i + 4] !== undefined && !isLetter(text[i + 4]);
}

/** "e.g.", "i.e.", "U.S.": a period after a single letter, or after a word holding a period, ends no sentence. */
function abbreviationBefore(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && isLetter(text[j])) j--;
  const word = text.slice(j + 1, i);
  return word.length === 1 || text[j] === ".";
}

/** The pieces of a text between clause boundaries, trimmed, empty ones dropped (no word-count rules applied). */
export function clausePieces(text: string, commas = false): string[] {
  const pieces: string[] = [];
  let start = 0;
  const cut = (end: number, next: number) => {
    pieces.push(text.slice(start, end));
    start = next;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const end = quoteEnd(text, i);
    if (end >= 0) {
      i = end;
      continue;
    }
    if (LINE_BREAK.exec(c) !== null || c === ";" || CJK_ENDS.has(c)) cut(i, i + 1);
    else if ((c === "." || c === "!" || c === "?") && isSpace(text[i + 1]) && text[i + 1] !== undefined) {
      if (c !== "." || !abbreviationBefore(text, i)) cut(i, i + 1);
    } else if (c === "\u7136" && text[i + 1] === "\u540e") cut(i, i + 2);
    else if (thenAt(text, i)) cut(i, i + 4);
    else if (commas && (c === "," || c === ":") && isSpace(text[i + 1])) cut(i, i + 1);
  }
  cut(text.length, text.length);
  // ", then" and " and then " leave a trailing comma or "and" on the clause before: it is not a word of it.
  return pieces.map((p) => p.replace(/(?:[,\s]|\band\b)+$/i, "").trim()).filter((p) => p.length > 0);
}

/** Any sign of a boundary at all (most queries have none): a cheap look before the real scan. */
const BOUNDARY = /[;.!?\n\r\u0085\u2028\u2029\uff0c\u3002\uff1b\uff01\uff1f]|\u7136\u540e|then/i;
const SOFT_BOUNDARY = new RegExp(`${BOUNDARY.source}|[,:]`, "i");

/** Words that count: the search terms of a text (stopwords such as "tell me what it is" do not). */
const wordCount = (text: string) => terms(text).length;

/**
 * The clauses to search besides the whole query, in order, or [] when the query is short or has no boundary.
 * Short pieces join a neighbour; beyond `maxClauses`, the longest pieces are kept.
 */
export function splitClauses(query: string, config: ClauseConfig = DEFAULT_CLAUSES): string[] {
  if (config.maxClauses < 2 || (config.commas ? SOFT_BOUNDARY : BOUNDARY).exec(query) === null) return [];
  if (wordCount(query) < config.minWords) return [];
  const pieces = clausePieces(query, config.commas).map((text) => ({ text, words: wordCount(text) }));
  const merged: Array<{ text: string; words: number }> = [];
  for (const p of pieces) {
    const last = merged[merged.length - 1];
    if (last && (p.words < config.minClauseWords || last.words < config.minClauseWords))
      merged[merged.length - 1] = { text: `${last.text} ${p.text}`, words: last.words + p.words };
    else merged.push(p);
  }
  if (merged.length < 2) return [];
  const kept = merged
    .map((p, i) => ({ ...p, i }))
    .sort((a, b) => b.words - a.words || a.i - b.i)
    .slice(0, config.maxClauses)
    .sort((a, b) => a.i - b.i);
  return kept.map((p) => p.text);
}

/**
 * The whole query's results fused with its clauses' (fuseAlternatives: each result's share of its own list's
 * best, the sum of shares breaking ties). Scores are given in the whole query's units (share × its best score),
 * so the best result keeps the score it has alone, and a threshold on scores (prefetch) or relative to the best
 * (promotion) reads them as before.
 */
export function fuseClauses(
  whole: readonly ScoredName[],
  clauses: ReadonlyArray<readonly ScoredName[]>,
  limit: number,
): ScoredName[] {
  const top = whole[0]?.score ?? null;
  const lists = clauses.filter((c) => c.length > 0);
  if (lists.length === 0 || top === null || top <= 0) return whole.slice(0, limit);
  return fuseAlternatives([whole, ...lists], limit).map((r) => ({ name: r.name, score: (r.score ?? 0) * top }));
}
