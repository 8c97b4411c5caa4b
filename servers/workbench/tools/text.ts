import vm from "node:vm";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { addTool, PURE, ToolArgumentError } from "./define";

export const MAX_TEXT_LENGTH = 1_000_000;
const STOPWORDS = new Set(
  "the and for are but not you all any can had her was one our out his has him how its may new now see who did get let say she too use that with have this will your from they been were what when which their there would about into than them then these some could other".split(
    " ",
  ),
);

export function textStats(text: string, wordsPerMinute = 200) {
  if (!(wordsPerMinute > 0 && wordsPerMinute <= 2000)) {
    throw new ToolArgumentError("words_per_minute", `must be between 1 and 2000, got ${wordsPerMinute}`);
  }
  const graphemes = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)].length;
  const words = [...new Intl.Segmenter("en", { granularity: "word" }).segment(text)]
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
  const sentences = [...new Intl.Segmenter("en", { granularity: "sentence" }).segment(text)].filter((s) =>
    /\S/.test(s.segment),
  ).length;
  const counts = new Map<string, number>();
  for (const w of words) {
    const key = w.toLowerCase();
    if (key.length >= 3 && !STOPWORDS.has(key) && !/^\d+$/.test(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const minutes = words.length / wordsPerMinute;
  const seconds = Math.round(minutes * 60);
  return {
    characters: graphemes,
    characters_no_whitespace: [...text.replace(/\s+/g, "")].length,
    words: words.length,
    lines: text === "" ? 0 : text.split(/\r\n|\r|\n/).length,
    sentences,
    paragraphs: text.split(/(?:\r?\n\s*){2,}/).filter((p) => /\S/.test(p)).length,
    average_word_length: words.length ? +(words.reduce((n, w) => n + [...w].length, 0) / words.length).toFixed(2) : 0,
    reading_time_minutes: +minutes.toFixed(2),
    reading_time: seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`,
    top_words: [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([word, count]) => ({ word, count })),
  };
}

export const REGEX_TIMEOUT_MS = 250;
export const MAX_PATTERN_LENGTH = 1000;

export interface RegexMatch {
  match: string;
  index: number;
  captures: (string | null)[];
  groups?: Record<string, string | null>;
}

// Runs inside a fresh vm context so a catastrophic pattern is cut off by the vm timeout
// instead of freezing the server; it returns JSON to avoid cross-realm objects.
const REGEX_SCRIPT = `(() => {
  const re = new RegExp(pattern, flags.includes("g") ? flags : flags + "g");
  const matches = [];
  let more = false;
  for (const m of text.matchAll(re)) {
    if (matches.length === maxMatches) { more = true; break; }
    const undef = (v) => (v === undefined ? null : v);
    matches.push({ match: m[0], index: m.index, captures: m.slice(1).map(undef),
      groups: m.groups ? Object.fromEntries(Object.entries(m.groups).map(([k, v]) => [k, undef(v)])) : undefined });
  }
  const replaced = replacement === null ? null : text.replace(re, replacement);
  return JSON.stringify({ matches, more, replaced });
})()`;

export function regexTest(pattern: string, text: string, flags = "", maxMatches = 50, replacement?: string) {
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw new ToolArgumentError("pattern", `is longer than ${MAX_PATTERN_LENGTH} characters`);
  if (!/^[dgimsuyv]*$/.test(flags) || new Set(flags).size !== flags.length) {
    throw new ToolArgumentError("flags", `'${flags}' is not a set of JavaScript regex flags (d, g, i, m, s, u, v, y)`);
  }
  if (!Number.isInteger(maxMatches) || maxMatches < 1 || maxMatches > 1000) {
    throw new ToolArgumentError("max_matches", `must be an integer from 1 to 1000, got ${maxMatches}`);
  }
  let raw: string;
  try {
    const context = vm.createContext({ pattern, flags, text, maxMatches, replacement: replacement ?? null });
    raw = vm.runInContext(REGEX_SCRIPT, context, { timeout: REGEX_TIMEOUT_MS }) as string;
  } catch (error) {
    const e = error as { code?: string; name?: string; message?: string };
    if (e.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
      throw new ToolArgumentError(
        "pattern",
        `matching took longer than ${REGEX_TIMEOUT_MS} ms (catastrophic backtracking?); simplify the pattern`,
      );
    }
    if (e.name === "SyntaxError") throw new ToolArgumentError("pattern", String(e.message));
    throw error;
  }
  const result = JSON.parse(raw) as { matches: RegexMatch[]; more: boolean; replaced: string | null };
  return {
    matched: result.matches.length > 0,
    match_count: result.matches.length,
    truncated: result.more,
    matches: result.matches,
    ...(result.replaced !== null ? { replaced: result.replaced } : {}),
  };
}

export function registerTextTools(server: McpServer): void {
  addTool(
    server,
    "text_stats",
    {
      title: "Text statistics",
      description:
        "Count characters, words, lines, sentences and paragraphs in a text, with average word length, estimated reading time " +
        "and the most frequent words. Use for word counts, length limits, and reading-time estimates of articles or drafts.",
      inputSchema: {
        text: z.string().max(MAX_TEXT_LENGTH).describe("The text to analyse"),
        words_per_minute: z
          .number()
          .positive()
          .max(2000)
          .optional()
          .describe("Reading speed for the reading-time estimate; default 200"),
      },
      annotations: PURE,
    },
    ({ text, words_per_minute }) => textStats(text, words_per_minute),
  );
  addTool(
    server,
    "regex_test",
    {
      title: "Test a regular expression",
      description:
        "Run a JavaScript regular expression against a text and list every match with its index, capture groups and named groups; " +
        "optionally return the text with matches replaced. Matching is time-limited, so a runaway pattern returns an error instead of hanging. " +
        "Use to check or debug a regex, extract emails/numbers/IDs from text, or do find-and-replace.",
      inputSchema: {
        pattern: z.string().max(MAX_PATTERN_LENGTH).describe("Regex source without slashes, e.g. '(\\d{4})-(\\d{2})'"),
        text: z.string().max(MAX_TEXT_LENGTH).describe("Text to search"),
        flags: z
          .string()
          .optional()
          .describe(
            "Regex flags such as 'i' (ignore case), 'm' (multiline), 's' (dot matches newline); 'g' is implied",
          ),
        max_matches: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .optional()
          .describe("Stop after this many matches (1-1000, default 50)"),
        replace_with: z
          .string()
          .optional()
          .describe("If given, also return the text with every match replaced by this string ($1, $<name> allowed)"),
      },
      annotations: PURE,
    },
    ({ pattern, text, flags, max_matches, replace_with }) => regexTest(pattern, text, flags, max_matches, replace_with),
  );
}
