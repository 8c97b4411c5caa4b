import { describe, expect, it } from "vitest";
import { RowSums } from "./row-sums";
import { seeded } from "./word-vectors-learn";

/** A table of `rows` rows of `dim` seeded numbers from 1e-3 to 10 in size, so the float32 roundings show. */
function table(rows: number, dim: number): Float32Array {
  const random = seeded(rows * 17 + dim);
  return Float32Array.from({ length: rows * dim }, () => (random() - 0.5) * 10 ** (random() * 4 - 3));
}

describe("sums of a table's rows", () => {
  it("are the same to the last bit in WebAssembly and in JavaScript, as a Float32Array's += sums them", () => {
    const dim = 12;
    const rows = table(40, dim);
    const wasm = new RowSums(rows, dim);
    const js = new RowSums(rows, dim, { wasm: false });
    expect(wasm.wasm).toBe(true);
    expect(js.wasm).toBe(false);
    const random = seeded(3);
    // 600 words crosses the WebAssembly loop's batches of 256.
    for (const count of [1, 3, 25, 600]) {
      const ids = Int32Array.from({ length: count }, () => Math.floor(random() * 40));
      const weights = Float64Array.from({ length: count }, () => [1, 2, 0.3][Math.floor(random() * 3)]!);
      const expected = new Float32Array(3 * dim);
      for (let k = 0; k < count; k++)
        for (let j = 0; j < dim; j++) expected[dim + j] += weights[k]! * rows[ids[k]! * dim + j]!;
      for (const sums of [wasm, js]) {
        const out = new Float32Array(3 * dim).fill(7);
        sums.sumInto(ids, weights, count, out, dim);
        expect(Array.from(out.subarray(dim, 2 * dim))).toEqual(Array.from(expected.subarray(dim, 2 * dim)));
        // Only its own row is written: the numbers around it are as they were.
        expect(out[dim - 1]).toBe(7);
        expect(out[2 * dim]).toBe(7);
      }
    }
  });

  it("keeps its own copy of the table, and refuses rows it does not have", () => {
    const rows = table(4, 4);
    const sums = new RowSums(rows, 4);
    rows.fill(0);
    const out = new Float32Array(4);
    sums.sumInto([1], [1], 1, out, 0);
    expect(Array.from(out)).toEqual(Array.from(table(4, 4).subarray(4, 8)));
    expect(() => sums.sumInto([4], [1], 1, out, 0)).toThrow(/row 4 of 4/);
    expect(() => sums.sumInto([-1], [1], 1, out, 0)).toThrow(/row -1 of 4/);
    expect(() => new RowSums(new Float32Array(6), 4)).toThrow(/6 numbers are no rows of 4/);
  });
});
