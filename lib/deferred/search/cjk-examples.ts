import { bestOf, type IndexScored } from "./scored";

/**
 * Worked examples in Chinese and Japanese (switch `exemplarscjk`): each tool holds the Chinese and Japanese words
 * people used to ask for its nearest training operations (the neighbours the English worked examples find,
 * exemplars.ts), and a Chinese or Japanese request's segmenter words rank the tools by BM25 over them. The English
 * worked examples lend English words, which such a request does not read; these lend words in its own language.
 */
export interface CjkExampleUse {
  /** A result gains weight × the lexical best × its score here / the best score here (ranker.ts). */
  weight: number;
  /** How many results each side contributes to the fusion. */
  depth: number;
  /** BM25's term-frequency saturation and length normalisation. */
  k1: number;
  b: number;
}

export const DEFAULT_CJK_EXAMPLE_USE: CjkExampleUse = { weight: 0.3, depth: 30, k1: 1.2, b: 0.75 };

/**
 * The training operations' Chinese and Japanese words, numbered: operation `o` (its number in learned-exemplars.json)
 * holds `ids[start[o]]` … `ids[start[o + 1] - 1]`, each a number in `words`, once per use in its requests.
 */
export interface CjkExampleWords {
  words: readonly string[];
  start: ArrayLike<number>;
  ids: ArrayLike<number>;
}

/** The same, as stored in learned-cjk.json: `start` as 32-bit and `ids` as 16-bit little-endian numbers, base64. */
export interface PackedCjkExampleWords {
  words: string[];
  start: string;
  ids: string;
}

/** At most this many distinct words: an id is stored in 16 bits. */
export const MAX_EXAMPLE_WORDS = 65_536;

/** Numbered words → their stored form (scripts/learn-associations.ts). */
export function packExampleWords(
  words: string[],
  start: readonly number[],
  ids: readonly number[],
): PackedCjkExampleWords {
  if (words.length > MAX_EXAMPLE_WORDS)
    throw new Error(`worked examples in Chinese and Japanese: ${words.length} words, at most ${MAX_EXAMPLE_WORDS}`);
  const starts = Buffer.alloc(start.length * 4);
  for (let i = 0; i < start.length; i++) starts.writeUInt32LE(start[i]!, i * 4);
  const numbers = Buffer.alloc(ids.length * 2);
  for (let i = 0; i < ids.length; i++) numbers.writeUInt16LE(ids[i]!, i * 2);
  return { words, start: starts.toString("base64"), ids: numbers.toString("base64") };
}

/** The stored form → the numbered words, or what is wrong with it (the field and why). */
export function unpackExampleWords(packed: PackedCjkExampleWords): CjkExampleWords | { field: string; error: string } {
  const starts = Buffer.from(packed.start, "base64");
  const numbers = Buffer.from(packed.ids, "base64");
  if (starts.length % 4 !== 0 || starts.length < 4) return { field: "start", error: "not 32-bit numbers" };
  if (numbers.length % 2 !== 0) return { field: "ids", error: "not 16-bit numbers" };
  const start = new Int32Array(starts.length / 4);
  for (let i = 0; i < start.length; i++) start[i] = starts.readUInt32LE(i * 4);
  const ids = new Uint16Array(numbers.length / 2);
  for (let i = 0; i < ids.length; i++) ids[i] = numbers.readUInt16LE(i * 2);
  for (let i = 1; i < start.length; i++)
    if (start[i]! < start[i - 1]!) return { field: "start", error: `falls at operation ${i - 1}` };
  if (start[0] !== 0 || start[start.length - 1] !== ids.length)
    return { field: "start", error: `does not run from 0 to the ${ids.length} ids` };
  for (let i = 0; i < ids.length; i++)
    if (ids[i]! >= packed.words.length)
      return { field: "ids", error: `${ids[i]} is past the ${packed.words.length} words` };
  return { words: packed.words, start, ids };
}

/** Each tool's bag of its neighbours' Chinese and Japanese words, as BM25 posting lists by word number. */
export class CjkExamples {
  private readonly idOf: Map<string, number>;
  /** Per word number, its tools and term frequencies (`postStart[w]` … `postStart[w + 1]`). */
  private readonly postStart: Int32Array;
  private readonly postTools: Int32Array;
  private readonly postTf: Int32Array;
  /** Per tool, its bag's length (words lent, repeats counted). */
  private readonly lengths: Int32Array;
  private readonly averageLength: number;
  /** Per tool, BM25's length term `k1 · (1 − b + b · length / average)`, worked out once. */
  private readonly lengthTerm: Float64Array;
  /** Scratch for one search at a time (searches are synchronous): per-tool score. */
  private readonly scores: Float64Array;

  /**
   * `neighbours(tool)`: the training operations that lend to tool `tool` (exemplars.ts, neighboursFor), for each of
   * the catalog's `tools`.
   */
  constructor(
    data: CjkExampleWords,
    tools: number,
    neighbours: (tool: number) => readonly number[],
    private readonly use: CjkExampleUse = DEFAULT_CJK_EXAMPLE_USE,
  ) {
    const operations = data.start.length - 1;
    const vocabulary = data.words.length;
    this.idOf = new Map(data.words.map((w, i) => [w, i]));
    this.lengths = new Int32Array(tools);
    this.scores = new Float64Array(tools);
    // Each tool's neighbours once, and room for every word they lend (an upper bound on the tools' distinct words).
    const lenders: (readonly number[])[] = [];
    let room = 0;
    for (let t = 0; t < tools; t++) {
      const ops = neighbours(t);
      for (const op of ops) {
        if (!(op >= 0 && op < operations))
          throw new Error(`worked examples in Chinese and Japanese: operation ${op} of ${operations}`);
        room += data.start[op + 1]! - data.start[op]!;
      }
      lenders.push(ops);
    }
    // Each tool's distinct words and their counts (`toolStart[t]` … `toolStart[t + 1]`), then the lists by word.
    const counts = new Int32Array(vocabulary);
    const toolStart = new Int32Array(tools + 1);
    const toolWords = new Int32Array(room);
    const toolTf = new Int32Array(room);
    const df = new Int32Array(vocabulary);
    let size = 0;
    let total = 0;
    for (let t = 0; t < tools; t++) {
      const from = size;
      for (const op of lenders[t]!)
        for (let j = data.start[op]!; j < data.start[op + 1]!; j++) {
          const w = data.ids[j]!;
          if (counts[w] === 0) toolWords[size++] = w;
          counts[w]!++;
        }
      for (let k = from; k < size; k++) {
        const w = toolWords[k]!;
        toolTf[k] = counts[w]!;
        this.lengths[t]! += counts[w]!;
        df[w]!++;
        counts[w] = 0;
      }
      toolStart[t + 1] = size;
      total += this.lengths[t]!;
    }
    this.averageLength = total / Math.max(1, tools) || 1;
    const { k1, b } = use;
    this.lengthTerm = Float64Array.from(this.lengths, (length) => k1 * (1 - b + (b * length) / this.averageLength));
    this.postStart = new Int32Array(vocabulary + 1);
    for (let w = 0; w < vocabulary; w++) this.postStart[w + 1] = this.postStart[w]! + df[w]!;
    this.postTools = new Int32Array(size);
    this.postTf = new Int32Array(size);
    const fill = this.postStart.slice(0, vocabulary);
    for (let t = 0; t < tools; t++)
      for (let k = toolStart[t]!; k < toolStart[t + 1]!; k++) {
        const at = fill[toolWords[k]!]!++;
        this.postTools[at] = t;
        this.postTf[at] = toolTf[k]!;
      }
  }

  /** The best `limit` tools for a request's segmenter words, best first (ties by index); none share a word: []. */
  top(words: readonly string[], limit: number): IndexScored[] {
    if (limit <= 0) return [];
    const { k1 } = this.use;
    const { lengthTerm, scores } = this;
    const tools = this.lengths.length;
    const touched: number[] = [];
    for (const word of new Set(words)) {
      const w = this.idOf.get(word);
      if (w === undefined) continue;
      const start = this.postStart[w]!;
      const end = this.postStart[w + 1]!;
      const df = end - start;
      if (df === 0) continue;
      const idf = Math.log(1 + (tools - df + 0.5) / (df + 0.5));
      for (let j = start; j < end; j++) {
        const t = this.postTools[j]!;
        const tf = this.postTf[j]!;
        if (scores[t] === 0) touched.push(t);
        scores[t]! += (idf * tf * (k1 + 1)) / (tf + lengthTerm[t]!);
      }
    }
    const out = bestOf(touched, scores, limit);
    for (const t of touched) scores[t] = 0;
    return out;
  }
}
