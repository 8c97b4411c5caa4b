import path from "node:path";
import { z } from "zod";
import { type BuildSteps, inChunks, runSteps } from "./build-steps";
import { DotScan } from "./dot-scan";
import { RowSums } from "./row-sums";
import type { DocFields } from "./fields";
import { unpackInt8Rows } from "./int8-rows";
import { parseJsonText, readOnce } from "./json-text";
import type { TermTable } from "./term-table";
import { terms } from "./tokenize";
import type { VectorTable } from "./word-vectors-learn";

/**
 * Learned word vectors (the `vectors` technique): a dense retriever small enough for the 1 ms budget. A request
 * and a tool are each the sum of their words' vectors (each already weighted by its IDF), compared by cosine.
 * The vectors were fitted offline (word-vectors-learn.ts, scripts/learn-associations.ts) so that requests written
 * by people who did not know the operations' words land near the operations they asked for: "get rid of the
 * duplicate row" near delete_item. Unlike the learned translations, which map one typed word at a time, a whole
 * request votes, and a word never paired with a tool word directly still counts through the words it was asked
 * with. The ranker fuses the nearest tools into its lexical ranking (ranker.ts, topFused).
 */
export interface VectorUse {
  /** A fused result gains up to `weight` × the lexical best (see reorder.ts, fuseVectors). */
  weight: number;
  /** How many of the nearest tools are fused. */
  depth: number;
  /** How many lexical results they are fused with. */
  pool: number;
  /** A tool is its name's words (counted this many times) and its description's first `descriptionWords`. */
  nameWeight: number;
  descriptionWords: number;
}

export const DEFAULT_VECTOR_USE: VectorUse = { weight: 0.2, depth: 30, pool: 50, nameWeight: 2, descriptionWords: 20 };

/** How a Chinese or Japanese request's nearest tools are fused (`vectorscjk`): as VectorUse's first three. */
export type CjkVectorUse = Pick<VectorUse, "weight" | "depth" | "pool">;

/**
 * Chosen on the dev sets (bench/queries/README.md, twenty-eighth session): the 50 nearest by the vectors of the first
 * 64 axes, fused into the first 50 of the ranking at 0.3 × the lexical best.
 */
export const DEFAULT_CJK_VECTOR_USE: CjkVectorUse = { weight: 0.3, depth: 50, pool: 50 };

/** The table as loaded: the vectors as floats, one row per word. */
export class WordVectors {
  readonly dim: number;
  private readonly rowOf: Map<string, number>;
  /** The rows, and their sums (in WebAssembly where it runs). */
  private readonly rows: RowSums;

  /** `file`: where the table was read from, named in its errors and in those of a search that reads it. */
  constructor(
    table: VectorTable,
    readonly file = VECTORS_FILE,
  ) {
    this.dim = table.dim;
    if (table.dim % 4 !== 0) throw new Error(`${file}: dim ${table.dim} is not a multiple of 4`);
    this.rowOf = new Map(table.words.map((w, i) => [w, i]));
    const bytes = new Int8Array(Buffer.from(table.bytes, "base64"));
    if (bytes.length !== table.words.length * table.dim || table.scales.length !== table.words.length)
      throw new Error(
        `${file}: ${bytes.length} bytes and ${table.scales.length} scales for ${table.words.length} words of ${table.dim} numbers`,
      );
    this.rows = new RowSums(unpackInt8Rows(bytes, table.scales, this.dim), this.dim);
  }

  /** The row of a word's vector, -1 when it has none. */
  rowOfWord(word: string): number {
    return this.rowOf.get(word) ?? -1;
  }

  /** Adds `times` × the vector of row `row` into `out` at `at`. */
  addRow(row: number, times: number, out: Float32Array, at: number): void {
    this.rows.addRow(row, times, out, at);
  }

  /**
   * out[at … at + dim) = the sum from zeros of `weights[k]` × the vector of row `rows[k]`, for k < count in that
   * order, each number summed as addRow() sums it (RowSums).
   */
  sumRowsInto(rows: ArrayLike<number>, weights: ArrayLike<number>, count: number, out: Float32Array, at: number): void {
    this.rows.sumInto(rows, weights, count, out, at);
  }

  /** The unit vector of some words, written into `out`; false when no word has a vector (then `out` is zeros). */
  embedInto(words: readonly string[], out: Float32Array): boolean {
    out.fill(0);
    let any = false;
    for (const w of words) {
      const row = this.rowOf.get(w);
      if (row === undefined) continue;
      any = true;
      this.addRow(row, 1, out, 0);
    }
    return any && normalise(out, 0, this.dim);
  }
}

/** Scales `out[at … at + dim)` to length 1; false (left as is) when it is all zeros. */
export function normalise(out: Float32Array, at: number, dim: number): boolean {
  let n = 0;
  for (let j = 0; j < dim; j++) n += out[at + j]! * out[at + j]!;
  if (n === 0) return false;
  n = Math.sqrt(n);
  for (let j = 0; j < dim; j++) out[at + j] /= n;
  return true;
}

/** The shipped vectors (scripts/learn-associations.ts writes them), relative to the app's root as WordNet's are. */
export const VECTORS_FILE = path.join("lib", "deferred", "search", "learned-vectors.json");

const VectorTableSchema = z.object({
  dim: z.number().int().positive(),
  words: z.array(z.string()),
  scales: z.array(z.number()),
  bytes: z.string(),
});

/** A vectors file's text → its table, or an error naming the file and what is wrong. */
export function parseVectorTable(text: string, file: string): VectorTable {
  return parseJsonText(text, file, VectorTableSchema, (at) => `field "${at}"`);
}

/**
 * The shipped vectors, read on first use and kept for the process (the first root read is the one kept): a
 * search with the technique off never loads them.
 */
export const getWordVectors = readOnce(VECTORS_FILE, (text, file) => new WordVectors(parseVectorTable(text, file)));

/**
 * The Chinese and Japanese words' vectors (the `vectorscjk` technique), in the shipped English table's space
 * (learnVectorsToward(), scripts/learn-associations.ts), relative to the app's root.
 */
export const CJK_VECTORS_FILE = path.join("lib", "deferred", "search", "learned-cjk-vectors.json");

/** The Chinese and Japanese words' vectors, read on the first such request that uses them and kept for the process. */
export const getCjkWordVectors = readOnce(
  CJK_VECTORS_FILE,
  (text, file) => new WordVectors(parseVectorTable(text, file), file),
);

/** One tool's index and its cosine with the query. */
export interface Near {
  index: number;
  score: number;
}

/** What a VectorIndex is built from (toolVectors makes it): the tools' unit vectors, in a scan's rows. */
interface ToolVectors {
  scan: DotScan;
  has: Uint8Array;
}

/** Tools between two pauses of a build in steps (build-steps.ts). */
const TOOLS_PER_STEP = 512;

/** A VectorIndex's build as steps (build-steps.ts), pausing every few hundred tools. */
export function* vectorIndexSteps(
  fields: readonly Pick<DocFields, "name" | "description">[],
  table: TermTable,
  use: VectorUse = DEFAULT_VECTOR_USE,
  vectors: WordVectors = getWordVectors(),
): BuildSteps<VectorIndex> {
  const built = yield* toolVectors(fields, table, use, vectors);
  return new VectorIndex(fields, table, use, vectors, built);
}

function* toolVectors(
  fields: readonly Pick<DocFields, "name" | "description">[],
  table: TermTable,
  use: VectorUse,
  vectors: WordVectors,
): BuildSteps<ToolVectors> {
  const dim = vectors.dim;
  const scan = new DotScan(fields.length, dim);
  const tools = scan.rows;
  const has = new Uint8Array(fields.length);
  // The table's terms → vector rows, looked up once per term rather than once per use.
  const rows = Int32Array.from(table.texts, (t) => vectors.rowOfWord(t));
  // One tool's words' rows and weights: its name's words, then the first of its description's.
  const scratch = { words: new Int32Array(64), weights: new Float64Array(64) };
  // The loop runs in a plain function a step's worth at a time (build-steps.ts, `inChunks`).
  yield* inChunks(fields.length, TOOLS_PER_STEP, (from, to) =>
    sumTools(fields, from, to, rows, use, vectors, scratch, tools, has),
  );
  return { scan, has };
}

/** Tools `from` … `to` - 1: each one's unit vector (its words' rows summed) into `tools`, and whether it has one. */
function sumTools(
  fields: readonly Pick<DocFields, "name" | "description">[],
  from: number,
  to: number,
  rows: Int32Array,
  use: VectorUse,
  vectors: WordVectors,
  scratch: { words: Int32Array; weights: Float64Array },
  tools: Float32Array,
  has: Uint8Array,
): void {
  const dim = vectors.dim;
  for (let i = from; i < to; i++) {
    const f = fields[i]!;
    const n = Math.min(f.description.length, use.descriptionWords);
    if (f.name.length + n > scratch.words.length) {
      scratch.words = new Int32Array(2 * (f.name.length + n));
      scratch.weights = new Float64Array(scratch.words.length);
    }
    const { words, weights } = scratch;
    let count = 0;
    for (const t of f.name)
      if (rows[t]! >= 0) {
        words[count] = rows[t]!;
        weights[count++] = use.nameWeight;
      }
    for (let j = 0; j < n; j++) {
      const row = rows[f.description[j]!]!;
      if (row < 0) continue;
      words[count] = row;
      weights[count++] = 1;
    }
    const at = i * dim;
    if (count > 0) vectors.sumRowsInto(words, weights, count, tools, at);
    has[i] = count > 0 && normalise(tools, at, dim) ? 1 : 0;
  }
}

/** The catalog's tools as unit vectors, and the tools nearest a query. */
export class VectorIndex {
  readonly dim: number;
  /** The tools' unit vectors (rows of `dim` numbers) and their cosines with a query. */
  private readonly scan: DotScan;
  /** 1 for a tool with a vector (some word of it is known), 0 for one without. */
  private readonly has: Uint8Array;
  private readonly query: Float32Array;

  /**
   * Each tool's vector from its index fields (fields.ts), whose term numbers `table` spells; `built`: what
   * vectorIndexSteps() made.
   */
  constructor(
    fields: readonly Pick<DocFields, "name" | "description">[],
    table: TermTable,
    use: VectorUse = DEFAULT_VECTOR_USE,
    private readonly vectors: WordVectors = getWordVectors(),
    built: ToolVectors = runSteps(toolVectors(fields, table, use, vectors)),
  ) {
    this.dim = vectors.dim;
    this.scan = built.scan;
    this.has = built.has;
    this.query = new Float32Array(this.dim);
  }

  /** Tool i's unit vector (a view), or null when none of its words has one. */
  toolVector(i: number): Float32Array | null {
    return this.has[i] === 1 ? this.scan.rows.subarray(i * this.dim, (i + 1) * this.dim) : null;
  }

  /** The unit vector of some words (split and stemmed as terms() does) into `out`; false when none has one. */
  embedWords(words: readonly string[], out: Float32Array): boolean {
    return this.vectors.embedInto(words, out);
  }

  /** The `depth` tools nearest the query text, nearest first (none when no query word has a vector). */
  nearest(text: string, depth: number): Near[] {
    return this.nearestWords(terms(text), depth);
  }

  /**
   * The same for words already split and stemmed as terms() does, read through `vectors` (by default the table the
   * tools were embedded with; another must share its space, as the Chinese and Japanese words' do, and may hold only
   * its first axes: then only those numbers of each tool are read). Every tool's cosine is worked out (DotScan); the
   * `depth` highest are kept, nearest first, a tie in catalog order.
   */
  nearestWords(words: readonly string[], depth: number, vectors: WordVectors = this.vectors): Near[] {
    if (vectors.dim > this.dim)
      throw new Error(
        `${vectors.file}: word vectors of ${vectors.dim} numbers cannot be read against tools of ${this.dim}`,
      );
    if (depth <= 0 || !vectors.embedInto(words, this.query)) return [];
    const { has } = this;
    const cosines = this.scan.dots(this.query, vectors.dim);
    const kept: Near[] = [];
    let floor = -Infinity;
    for (let i = 0; i < has.length; i++) {
      if (has[i] === 0) continue;
      const dot = cosines[i]!;
      if (kept.length === depth && dot <= floor) continue;
      let at = kept.length;
      while (at > 0 && kept[at - 1]!.score < dot) at--;
      kept.splice(at, 0, { index: i, score: dot });
      if (kept.length > depth) kept.pop();
      if (kept.length === depth) floor = kept[depth - 1]!.score;
    }
    return kept;
  }
}
