import { align8, type Kernels, kernelsWithMemory } from "./kernels";

/**
 * Rows of numbers and the dot product of one query with every row: the nearest-tools scan's one loop
 * (word-vectors.ts), which at 10,000 tools was a third of a search. It runs in WebAssembly with 128-bit SIMD
 * (kernels.wat `dots`), which sums in the same order as the JavaScript loop below and so gives the same doubles to
 * the last bit, about four times sooner; where WebAssembly SIMD is missing, that loop runs instead.
 */

/** `count` rows of `stride` float32 numbers, and their dot products with a query. */
export class DotScan {
  /** The rows, row after row: the owner writes them (before the first dots()). */
  readonly rows: Float32Array;
  /** True when the WebAssembly scan runs (false: the JavaScript loop). */
  readonly wasm: boolean;
  private readonly query: Float64Array;
  private readonly out: Float64Array;
  /** The WebAssembly scan over this scan's memory (null: the JavaScript loop), with the query and results' offsets. */
  private readonly run: { kernels: Kernels; queryAt: number; outAt: number } | null;

  /** `wasm: false` runs the JavaScript loop even where the WebAssembly scan could run (tests compare the two). */
  constructor(
    readonly count: number,
    readonly stride: number,
    { wasm = true }: { wasm?: boolean } = {},
  ) {
    if (stride % 4 !== 0) throw new Error(`DotScan: a row of ${stride} numbers is not a multiple of 4`);
    // The rows, then the query and the results (doubles, so at a multiple of 8 bytes), in the kernels' memory.
    const queryAt = align8(count * stride * 4);
    const outAt = queryAt + stride * 8;
    const wasmRun = wasm ? kernelsWithMemory(outAt + count * 8) : null;
    if (!wasmRun) {
      this.rows = new Float32Array(count * stride);
      this.query = new Float64Array(stride);
      this.out = new Float64Array(count);
      this.run = null;
      this.wasm = false;
      return;
    }
    const { kernels, buffer } = wasmRun;
    this.rows = new Float32Array(buffer, 0, count * stride);
    this.query = new Float64Array(buffer, queryAt, stride);
    this.out = new Float64Array(buffer, outAt, count);
    this.run = { kernels, queryAt, outAt };
    this.wasm = true;
  }

  /**
   * Every row's dot product with `query` over their first `dim` numbers (a multiple of 4, at most `stride`): each
   * product in double precision, summed in four running sums (numbers 0, 1, 2, 3 of every four) added up at the
   * end. A view that the next call overwrites.
   */
  dots(query: ArrayLike<number>, dim: number): Float64Array {
    if (dim % 4 !== 0 || dim > this.stride)
      throw new Error(`DotScan: ${dim} numbers of rows of ${this.stride} (a multiple of 4 up to it)`);
    const { rows, out, count, stride } = this;
    const q = this.query;
    for (let j = 0; j < dim; j++) q[j] = query[j]!;
    if (this.run) {
      this.run.kernels.dots(0, this.run.queryAt, this.run.outAt, count, dim, stride);
      return out;
    }
    for (let i = 0; i < count; i++) {
      const o = i * stride;
      let a = 0;
      let b = 0;
      let c = 0;
      let e = 0;
      for (let j = 0; j < dim; j += 4) {
        a += q[j]! * rows[o + j]!;
        b += q[j + 1]! * rows[o + j + 1]!;
        c += q[j + 2]! * rows[o + j + 2]!;
        e += q[j + 3]! * rows[o + j + 3]!;
      }
      out[i] = a + b + c + e;
    }
    return out;
  }
}
