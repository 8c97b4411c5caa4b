import { condenseRequest } from "./condense";
import { SearchQueryError } from "./types";

/**
 * Longest query searched as it is, in characters: a pattern, `select:` or `+term` query longer than this is
 * refused; a plain-words request longer than this is cut to it (condense.ts), so no search reads more.
 */
export const MAX_QUERY_LENGTH = 500;
/** Longest text accepted at all, in characters (checked before any other work): a long request pasted whole. */
export const MAX_REQUEST_LENGTH = 4000;
/** At most this many names in one `select:` (far more than any result limit); more are refused. */
export const MAX_SELECT_NAMES = 64;

export type ParsedQuery =
  | { mode: "select"; names: string[] }
  | { mode: "plus"; term: string; rest: string }
  | { mode: "regex"; pattern: string }
  /** `cutFrom`: a plain-words request longer than MAX_QUERY_LENGTH, its length before it was cut to `text`. */
  | { mode: "text"; text: string; cutFrom?: number };

/** A plain-words request that was longer than MAX_QUERY_LENGTH and was cut to its first words. */
export type CutRequest = Extract<ParsedQuery, { mode: "text" }> & { cutFrom: number };

/** Whether the parser cut this plain-words request (a long request pasted whole). */
export function isCutRequest(parsed: ParsedQuery): parsed is CutRequest {
  return parsed.mode === "text" && parsed.cutFrom !== undefined;
}

/** Control characters: line breaks and tabs become spaces, the rest disappear. */
export function stripControl(query: string): string {
  return query.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

/**
 * Signs that a query is a pattern, not prose: escapes such as `\b`, `.*`-style wildcards, alternation,
 * anchors, bracket classes, groups with alternation, counted or group quantifiers, `(?:`.
 * A trailing `?` on a word (a question) is not one of them.
 */
const PATTERN_SIGNS: readonly RegExp[] = [
  /\\[bBdDwWsS.\\()[\]|^$*+?{}]/,
  /\.[*+?]|\.\{\d/,
  /\|/,
  /^\^|[^\\\s]\$$/,
  /\[[^\]\s]*\]/,
  /[)\]][*+?]/,
  /[^\s{]\{\d+(,\d*)?\}/,
  /\(\?[:<]/,
];

export function looksLikeRegex(q: string): boolean {
  return PATTERN_SIGNS.some((re) => re.exec(q) !== null);
}

/** The refusal of a text longer than MAX_REQUEST_LENGTH (tool_search and the searcher say the same). */
export function requestTooLong(length: number): SearchQueryError {
  return new SearchQueryError(
    `tool_search query is ${length} characters long; the limit is ${MAX_REQUEST_LENGTH}. Use a few keywords.`,
  );
}

/** The refusal of a pattern, `select:` or `+term` query longer than MAX_QUERY_LENGTH. */
function tooLongFor(what: string, length: number): SearchQueryError {
  return new SearchQueryError(
    `tool_search ${what} is ${length} characters long; the limit is ${MAX_QUERY_LENGTH}. Use fewer names or a shorter pattern.`,
  );
}

/**
 * Validate, clean and classify a query. Throws SearchQueryError for an empty one, one over MAX_REQUEST_LENGTH, and
 * a pattern, `select:` or `+term` query over MAX_QUERY_LENGTH; plain words over MAX_QUERY_LENGTH are cut to it.
 */
export function parseQuery(query: string): ParsedQuery {
  if (typeof query !== "string") throw new SearchQueryError("tool_search query must be a string");
  if (query.length > MAX_REQUEST_LENGTH) throw requestTooLong(query.length);
  const q = stripControl(query).trim();
  const long = q.length > MAX_QUERY_LENGTH;
  if (q.length === 0)
    throw new SearchQueryError('tool_search query is empty: give keywords, "select:name", or "+term words".');

  if (/^[|\s]+$/.exec(q) !== null)
    throw new SearchQueryError(`tool_search query "${q}" has nothing to search: put keywords around the "|".`);
  const select = /^select\s*:/i.exec(q);
  if (select) {
    if (long) throw tooLongFor('"select:" query', q.length);
    const seen = new Set<string>();
    for (const raw of q.slice(select[0].length).split(",")) {
      const name = raw.trim();
      if (name) seen.add(name);
    }
    if (seen.size > MAX_SELECT_NAMES)
      throw new SearchQueryError(
        `tool_search "select:" names ${seen.size} tools; at most ${MAX_SELECT_NAMES} are read in one query.`,
      );
    if (seen.size === 0)
      throw new SearchQueryError('tool_search "select:" needs at least one tool name, e.g. "select:read_file".');
    return { mode: "select", names: [...seen] };
  }
  const plus = /^\+(\S+)\s*(.*)$/s.exec(q);
  if (plus) {
    if (long) throw tooLongFor('"+term" query', q.length);
    return { mode: "plus", term: plus[1]!, rest: plus[2]!.trim() };
  }
  // A long text is prose: a pattern is at most MAX_QUERY_LENGTH, and the signs are tested on no more than that.
  if (!long) return looksLikeRegex(q) ? { mode: "regex", pattern: q } : { mode: "text", text: q };
  return { mode: "text", text: condenseRequest(q, MAX_QUERY_LENGTH), cutFrom: q.length };
}
