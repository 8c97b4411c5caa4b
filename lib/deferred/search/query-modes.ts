import { SearchQueryError } from "./types";

/** Longest query accepted, in characters (checked before any other work). */
export const MAX_QUERY_LENGTH = 500;
/** At most this many names are looked at in one `select:` (far more than any result limit). */
export const MAX_SELECT_NAMES = 64;

export type ParsedQuery =
  | { mode: "select"; names: string[] }
  | { mode: "plus"; term: string; rest: string }
  | { mode: "regex"; pattern: string }
  | { mode: "text"; text: string };

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

/** Validate, clean and classify a query. Throws SearchQueryError for an empty or over-long one. */
export function parseQuery(query: string): ParsedQuery {
  if (typeof query !== "string") throw new SearchQueryError("tool_search query must be a string");
  if (query.length > MAX_QUERY_LENGTH) {
    throw new SearchQueryError(
      `tool_search query is ${query.length} characters long; the limit is ${MAX_QUERY_LENGTH}. Use a few keywords or fewer names.`,
    );
  }
  const q = stripControl(query).trim();
  if (q.length === 0)
    throw new SearchQueryError('tool_search query is empty: give keywords, "select:name", or "+term words".');

  const select = /^select\s*:/i.exec(q);
  if (select) {
    const seen = new Set<string>();
    for (const raw of q.slice(select[0].length).split(",")) {
      const name = raw.trim();
      if (name) seen.add(name);
      if (seen.size >= MAX_SELECT_NAMES) break;
    }
    if (seen.size === 0)
      throw new SearchQueryError('tool_search "select:" needs at least one tool name, e.g. "select:read_file".');
    return { mode: "select", names: [...seen] };
  }
  const plus = /^\+(\S+)\s*(.*)$/s.exec(q);
  if (plus) return { mode: "plus", term: plus[1]!, rest: plus[2]!.trim() };
  if (looksLikeRegex(q)) return { mode: "regex", pattern: q };
  return { mode: "text", text: q };
}
