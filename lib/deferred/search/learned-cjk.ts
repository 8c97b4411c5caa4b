import path from "node:path";
import { z } from "zod";
import { type CjkExampleWords, unpackExampleWords } from "./cjk-examples";
import { parseJsonText, readOnce } from "./json-text";
import type { Expansion } from "./lexicon";
import { HAS_CJK } from "./tokenize";
import { DEFAULT_LEARN, type LearnOptions, type TranslationTable } from "./translation-model";
import type { Vocabulary } from "./wordnet-use";

/**
 * Word translations learned from Chinese and Japanese requests written for API operations (training/search/cjk-N.jsonl,
 * learned by scripts/learn-associations.ts): a segmenter word of a Chinese or Japanese request points at the
 * operation words it stood for ("弄掉" a process → kill, "点赞" → reaction). What a dictionary cannot give: what people
 * mean by a word when they ask software for something. Read only for words of Chinese or Japanese text.
 */
export interface LearnedCjkUse {
  /** Weight of a translation of strength 1; original words weigh 1. */
  weight: number;
}

export const DEFAULT_LEARNED_CJK_USE: LearnedCjkUse = { weight: 0.6 };

/**
 * How the table is learned: translation-model.ts's model, as the English table is, but with fewer entries a word (4)
 * and each at least 0.1 likely, since 4,800 operations' requests are fewer than the English table's 29,762 (chosen on
 * the dev sets, bench/queries/README.md).
 */
export const CJK_LEARN: LearnOptions = { ...DEFAULT_LEARN, minProbability: 0.1, maxPerWord: 4 };

/** A learned table's entries for words written in Chinese or Japanese characters only. */
export function cjkWordsOnly(table: TranslationTable): TranslationTable {
  return Object.fromEntries(Object.entries(table).filter(([word]) => HAS_CJK.test(word)));
}

/** The shipped table (scripts/learn-associations.ts writes it), relative to the app's root as WordNet's is. */
export const LEARNED_CJK_FILE = path.join("lib", "deferred", "search", "learned-cjk.json");

const TableSchema = z.object({
  table: z.record(z.string(), z.array(z.tuple([z.string(), z.number().min(0).max(1)]))),
  examples: z.object({ words: z.array(z.string()), start: z.string(), ids: z.string() }),
});

/**
 * Chinese or Japanese word → [operation word, strength] pairs, strongest first (`table`); and the training
 * operations' Chinese and Japanese words for the worked examples in those languages (`examples`, cjk-examples.ts).
 */
export class LearnedCjk {
  constructor(
    private readonly table: Readonly<Record<string, ReadonlyArray<readonly [string, number]>>>,
    readonly examples: CjkExampleWords = { words: [], start: [0], ids: [] },
  ) {}

  /** The word's translations the catalog uses, each at `use.weight` × its learned strength (none for an unknown word). */
  expansions(word: string, catalog: Vocabulary, use: LearnedCjkUse = DEFAULT_LEARNED_CJK_USE): Expansion[] {
    const entries = Object.hasOwn(this.table, word) ? this.table[word] : undefined;
    if (!entries || use.weight <= 0) return [];
    const out: Expansion[] = [];
    for (const [term, strength] of entries)
      if (catalog.has(term)) out.push({ terms: [term], weight: use.weight * strength });
    return out;
  }
}

/** A table file's text → the table, or an error naming the file and what is wrong. */
export function parseLearnedCjk(text: string, file: string): LearnedCjk {
  const parsed = parseJsonText(text, file, TableSchema, (at) => `field "${at}"`);
  const examples = unpackExampleWords(parsed.examples);
  if ("error" in examples) throw new Error(`${file}: field "examples.${examples.field}": ${examples.error}`);
  return new LearnedCjk(parsed.table, examples);
}

/**
 * The shipped table, read on the first Chinese or Japanese request and kept for the process (the first root read
 * is the one kept): a search with the technique off, or in English only, never loads it.
 */
export const getLearnedCjk = readOnce(LEARNED_CJK_FILE, parseLearnedCjk);
