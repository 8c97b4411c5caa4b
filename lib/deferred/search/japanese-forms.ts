import { ConverterFactory } from "opencc-js/core";
import fromJapanese from "opencc-js/from/jp";

/**
 * Japanese text in the character forms a Chinese dictionary knows (part of the `characters` technique). Japanese
 * writes many characters in simplified forms of its own (shinjitai: 検 for 檢, 覧 for 覽, 択 for 擇), so a word such
 * as 検索 (search) or 一覧 (list) is in neither CC-CEDICT's simplified nor its traditional column. OpenCC's
 * Japanese-to-traditional tables (the npm package `opencc-js`, its `jp` dictionaries: about 9 KB of characters and
 * phrases, 関数 → 函數) give the traditional forms, which the dictionary holds. Nobody wrote them for these queries.
 */

/** Text with hiragana or katakana: Japanese, the only text converted. */
const HAS_KANA = /[\u3040-\u30ff]/;

let convert: ((text: string) => string) | undefined;

/** The run in traditional forms, or undefined when it holds no kana or nothing changes (converter built on first use). */
export function traditionalForms(run: string): string | undefined {
  if (!HAS_KANA.test(run)) return undefined;
  convert ??= ConverterFactory(fromJapanese);
  const out = convert(run);
  return out !== run ? out : undefined;
}
