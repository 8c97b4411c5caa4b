import { align8, type Kernels, kernelsWithMemory } from "./kernels";

/** Row numbers and weights passed to the WebAssembly loop at a time (a tool has a few dozen words). */
const BATCH = 256;

/**
 * Sums of a table's rows, each scaled by its weight, into float32 numbers: how a tool's vector is made from its
 * words' vectors (word-vectors.ts), a tenth of a 10,000-tool index build in JavaScript. Each addition is worked out
 * in double precision and rounded to a float32, as `out[j] += weight * row[j]` on a Float32Array rounds it, one row
 * after another; kernels.wat `sums` does exactly that in WebAssembly, so the sums are the same to the last bit.
 */
export class RowSums {
  /** The table's rows (`dim` numbers each): in the WebAssembly loop's memory when it runs. */
  private readonly table: Float32Array;
  /** True when the WebAssembly loop runs (false: the JavaScript loop). */
  readonly wasm: boolean;
  private readonly run: {
    kernels: Kernels;
    ids: Int32Array;
    weights: Float64Array;
    sum: Float32Array;
    idsAt: number;
    weightsAt: number;
    sumAt: number;
  } | null;

  /** `table`: rows of `dim` numbers (copied); `wasm: false` runs the JavaScript loop (tests compare the two). */
  constructor(
    table: Float32Array,
    readonly dim: number,
    { wasm = true }: { wasm?: boolean } = {},
  ) {
    if (dim % 2 !== 0 || table.length % dim !== 0)
      throw new Error(`RowSums: ${table.length} numbers are no rows of ${dim} (an even number)`);
    // The table, then a batch of row numbers, their weights (doubles, at a multiple of 8 bytes) and one sum.
    const idsAt = align8(table.length * 4);
    const weightsAt = align8(idsAt + BATCH * 4);
    const sumAt = weightsAt + BATCH * 8;
    const wasmRun = wasm ? kernelsWithMemory(sumAt + dim * 4) : null;
    if (!wasmRun) {
      this.table = table.slice();
      this.run = null;
      this.wasm = false;
      return;
    }
    const { kernels, buffer } = wasmRun;
    this.table = new Float32Array(buffer, 0, table.length);
    this.table.set(table);
    this.run = {
      kernels,
      ids: new Int32Array(buffer, idsAt, BATCH),
      weights: new Float64Array(buffer, weightsAt, BATCH),
      sum: new Float32Array(buffer, sumAt, dim),
      idsAt,
      weightsAt,
      sumAt,
    };
    this.wasm = true;
  }

  /** out[at … at + dim) = the sum from zeros of weights[k] × row rows[k], for k < count in that order. */
  sumInto(rows: ArrayLike<number>, weights: ArrayLike<number>, count: number, out: Float32Array, at: number): void {
    const { dim, run } = this;
    const size = this.table.length / dim;
    for (let k = 0; k < count; k++)
      if (!(rows[k]! >= 0 && rows[k]! < size)) throw new RangeError(`RowSums: row ${rows[k]} of ${size}`);
    if (!run) {
      out.fill(0, at, at + dim);
      for (let k = 0; k < count; k++) this.addRow(rows[k]!, weights[k]!, out, at);
      return;
    }
    run.sum.fill(0);
    for (let from = 0; from < count; from += BATCH) {
      const n = Math.min(BATCH, count - from);
      for (let k = 0; k < n; k++) {
        run.ids[k] = rows[from + k]!;
        run.weights[k] = weights[from + k]!;
      }
      run.kernels.sums(0, run.idsAt, run.weightsAt, n, run.sumAt, dim);
    }
    out.set(run.sum, at);
  }

  /** Adds `times` × row `row` into `out` at `at` (the JavaScript loop). */
  addRow(row: number, times: number, out: Float32Array, at: number): void {
    const { dim, table } = this;
    const o = row * dim;
    for (let j = 0; j < dim; j += 2) {
      out[at + j] += times * table[o + j]!;
      out[at + j + 1] += times * table[o + j + 1]!;
    }
  }
}
