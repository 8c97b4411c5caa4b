import { grown } from "./grown";
import { HASH_START, hashStep, SpanTable } from "./span-table";
import { isPlainWord, stem } from "./stem";
import type { IdBuffer, TermTable } from "./term-table";

/**
 * Text → search terms. Identifiers are split on `_`, `-`, camelCase and letter/digit boundaries;
 * Chinese/Japanese/Korean runs are cut into words with `Intl.Segmenter` (no spaces to split on);
 * everything is NFKC-folded, lower-cased, diacritic-free and stemmed.
 */

const CJK_CLASS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30fc";
/** Runs of CJK characters (group 1) or of other letters/digits (group 2). Global: use with matchAll. */
export const RUN = new RegExp(`([${CJK_CLASS}]+)|((?:(?![${CJK_CLASS}])[\\p{L}\\p{M}\\p{N}])+)`, "gu");
export const HAS_CJK = new RegExp(`[${CJK_CLASS}]`, "u");
/**
 * Quotes, apostrophes and primes a phone or a word processor types for ASCII's ' and " (‘ ’ ‚ ‛ “ ” „ ‟ ′ ″), as a
 * regex character-class body: English text holding them is still English, and they part words as ASCII quotes do.
 */
export const TYPOGRAPHIC_QUOTES = "\\u2018-\\u201f\\u2032\\u2033";

/** Function words that only add noise to a ranked search (kept short: "get", "all", "new", "open" carry meaning). */
export const STOPWORDS = new Set(
  (
    "a an the and or but of to in on at by for from with without into onto via as is are was were be been being " +
    "it its this that these those there here my our your their his her me we you they them i us " +
    "do does did doing can could should would will shall may might must " +
    "what which who whom whose when where why how please some any so than then too very just also " +
    "if else not no nor only own same such about above below over under again further once " +
    "e g eg ie etc"
  ).split(" "),
);

const NON_ASCII = /[^\x00-\x7f]/;

let segmenter: Intl.Segmenter | undefined;
function cjkWords(run: string): string[] {
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  const out: string[] = [];
  for (const s of segmenter.segment(run)) if (s.isWordLike) out.push(s.segment);
  return out;
}

/** Lower-case and strip diacritics so "Lösche"/"créer" meet their lexicon keys; CJK is left as is. */
export function fold(text: string): string {
  if (NON_ASCII.exec(text) === null) return text.toLowerCase();
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC");
}

/** camelCase / PascalCase / ACRONYMWord boundaries, then letter/digit boundaries kept only for long letter parts. */
export function splitIdentifier(word: string): string[] {
  if (isPlainWord(word)) return [word];
  const spaced = word.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2");
  const out: string[] = [];
  for (const part of spaced.split(" ")) {
    if (!part) continue;
    out.push(part);
    // "base64" also yields "base"; "r2", "d1", "k8s" stay whole: short letter parts are names, not words.
    const pieces = part.match(/\p{L}+|\p{N}+/gu) ?? [];
    if (pieces.length > 1) for (const p of pieces) if (p.length >= 3 && /\p{L}/u.exec(p) !== null) out.push(p);
  }
  return out;
}

export interface RawToken {
  /** Folded surface form, before stemming. */
  text: string;
  cjk: boolean;
}

/**
 * Per-word memo: tool texts reuse a small vocabulary (Zipf), so splitting, folding and stemming a word
 * once per process instead of once per occurrence makes index builds several times faster.
 */
const MAX_CACHE = 100_000;
const splitCache = new Map<string, string[]>();
/** A word of a chunk with non-ASCII characters → its index terms. */
const wordCache = new Map<string, string[]>();
const nameCache = new Map<string, string[]>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= MAX_CACHE) cache.clear();
  cache.set(key, value);
  return value;
}

/** An identifier-like word → its folded parts. */
function wordParts(word: string): string[] {
  return splitCache.get(word) ?? remember(splitCache, word, splitIdentifier(word).map(fold));
}

/** An identifier-like word → its index terms (stopwords dropped, stemmed). */
function wordTerms(word: string): string[] {
  const out: string[] = [];
  for (const p of wordParts(word)) if (!STOPWORDS.has(p)) out.push(stem(p));
  return out;
}

/** An identifier-like word → its name terms (stemmed, stopwords kept). */
function nameWordTerms(word: string): string[] {
  return nameCache.get(word) ?? remember(nameCache, word, wordParts(word).map(stem));
}

/** A chunk with non-ASCII characters: Unicode-aware split into words and CJK runs (slow path, rare). */
function scanUnicode(chunk: string, latin: (word: string) => void, cjk: (word: string) => void): void {
  for (const m of chunk.normalize("NFKC").matchAll(RUN)) {
    if (m[1]) for (const w of cjkWords(m[1])) cjk(w);
    else latin(m[2]!);
  }
}

/** ASCII letters and digits, and any non-ASCII character: what a word (a chunk) is made of. */
export const isWordCode = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c >= 128;

/**
 * Calls `latin` for each non-CJK word and `cjk` for each CJK segmenter word, in order. A char-code scan cuts
 * the text at ASCII punctuation and spaces; only chunks holding a non-ASCII character take the Unicode path,
 * so one curly quote does not slow down a whole description.
 */
function scan(text: string, latin: (word: string) => void, cjk: (word: string) => void): void {
  let start = -1;
  let unicode = false;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 0;
    if (isWordCode(c)) {
      if (start < 0) start = i;
      if (c >= 128) unicode = true;
    } else if (start >= 0) {
      const chunk = text.slice(start, i);
      if (unicode) scanUnicode(chunk, latin, cjk);
      else latin(chunk);
      start = -1;
      unicode = false;
    }
  }
}

/** Surface tokens in order; CJK runs become their segmenter words. Not filtered, not stemmed. */
export function rawTokens(text: string): RawToken[] {
  const out: RawToken[] = [];
  scan(
    text,
    (w) => {
      for (const p of wordParts(w)) out.push({ text: p, cjk: false });
    },
    (w) => out.push({ text: w, cjk: true }),
  );
  return out;
}

/** A chunk's index terms: an ASCII chunk is one identifier-like word, any other takes the Unicode path. */
function chunkTerms(chunk: string): string[] {
  if (NON_ASCII.exec(chunk) === null) return wordTerms(chunk);
  const out: string[] = [];
  scanUnicode(
    chunk,
    (w) => {
      for (const t of wordCache.get(w) ?? remember(wordCache, w, wordTerms(w))) out.push(t);
    },
    (w) => out.push(w),
  );
  return out;
}

/**
 * Chunks (runs of word characters, see scan()) seen so far and their index terms, by id: a chunk met again is
 * found from its span of the text, with no new string (most of what reading a tool's text used to cost).
 */
const chunks = new SpanTable();
const chunkTermList: string[][] = [];
/** How many times the chunk cache has started again (its ids are reused then). */
let chunkRound = 0;

/** The id of the chunk `text[start, end)` hashed to `h`, cached with its terms on first sight. */
function chunkId(text: string, start: number, end: number, h: number): number {
  let id = chunks.find(text, start, end, h);
  if (id < 0) {
    if (chunks.size >= MAX_CACHE) {
      chunks.clear();
      chunkTermList.length = 0;
      chunkRound++;
    }
    const chunk = text.slice(start, end);
    id = chunks.add(chunk, h);
    chunkTermList.push(chunkTerms(chunk));
  }
  return id;
}

/**
 * One term table's numbers for the cached chunks' terms, for one filling of the chunk cache. Kept flat, as two
 * numbers a chunk and one shared run of term numbers: a chunk met again costs two array reads, where an array per
 * chunk cost a pointer chase into memory spread over the heap (a 10,000-tool build meets about a million chunks).
 */
class TableChunks {
  /** The chunk cache's filling these numbers are for (its ids are reused when it starts again). */
  private round = chunkRound;
  /** By chunk id: where its terms' numbers start in `pool` (-1: not worked out yet) … */
  private at = new Int32Array(1024).fill(-1);
  /** … and how many there are. */
  private count = new Int32Array(1024);
  private pool = new Int32Array(4096);
  private used = 0;

  /** Appends chunk `id`'s terms' numbers in `table` to `ids`, working them out on the chunk's first sight. */
  pushTerms(id: number, table: TermTable, ids: IdBuffer): void {
    // Checked per chunk: chunkId() may have started the cache again within a text, and reused its ids.
    if (this.round !== chunkRound) this.restart();
    if (id >= this.at.length) this.room(id);
    let start = this.at[id]!;
    if (start < 0) start = this.workOut(id, table);
    const end = start + this.count[id]!;
    const pool = this.pool;
    for (let j = start; j < end; j++) ids.push(pool[j]!);
  }

  private workOut(id: number, table: TermTable): number {
    const words = chunkTermList[id]!;
    if (this.used + words.length > this.pool.length) this.pool = grown(this.pool, this.used + words.length);
    const start = this.used;
    for (let k = 0; k < words.length; k++) this.pool[start + k] = table.id(words[k]!);
    this.used += words.length;
    this.at[id] = start;
    this.count[id] = words.length;
    return start;
  }

  private room(id: number): void {
    const at = grown(this.at, id + 1);
    at.fill(-1, this.at.length);
    this.at = at;
    this.count = grown(this.count, at.length);
  }

  private restart(): void {
    this.round = chunkRound;
    this.at.fill(-1);
    this.used = 0;
  }
}
const chunksByTable = new WeakMap<TermTable, TableChunks>();

/** The table's chunk numbers, made on first use. */
function chunksOf(table: TermTable): TableChunks {
  let state = chunksByTable.get(table);
  if (!state) {
    state = new TableChunks();
    chunksByTable.set(table, state);
  }
  return state;
}

/**
 * The index-side pipeline (surface tokens minus stopwords, stemmed): appends each term to `out`, or its number in
 * `table` to `ids`. The hot loop of an index build: scan() inlined, each chunk hashed as it is read and its terms
 * worked out once per process.
 */
function scanTerms(text: string, out: string[] | null, table: TermTable | null, ids: IdBuffer | null): void {
  const state = table ? chunksOf(table) : null;
  let start = -1;
  let h = HASH_START;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 0;
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c >= 128) {
      if (start < 0) {
        start = i;
        h = HASH_START;
      }
      h = hashStep(h, c);
    } else if (start >= 0) {
      const id = chunkId(text, start, i, h);
      if (out) {
        const hit = chunkTermList[id]!;
        for (let j = 0; j < hit.length; j++) out.push(hit[j]!);
      } else {
        state!.pushTerms(id, table!, ids!);
      }
      start = -1;
    }
  }
}

/** The index-side pipeline: surface tokens minus stopwords, stemmed, appended to `out`. */
export function termsInto(text: string, out: string[]): void {
  scanTerms(text, out, null, null);
}

/** The same terms as termsInto(), as their numbers in `table`, appended to `ids`. */
export function termIdsInto(text: string, table: TermTable, ids: IdBuffer): void {
  scanTerms(text, null, table, ids);
}

/** The index-side pipeline: surface tokens minus stopwords, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  termsInto(text, out);
  return out;
}

/** Name parts for name matching: "API-post-page" → ["api","post","page"], stemmed, stopwords kept (names are short). */
export function nameTerms(name: string): string[] {
  const out: string[] = [];
  scan(
    name,
    (w) => {
      const hit = nameWordTerms(w);
      for (let j = 0; j < hit.length; j++) out.push(hit[j]!);
    },
    (w) => out.push(w),
  );
  return out;
}
