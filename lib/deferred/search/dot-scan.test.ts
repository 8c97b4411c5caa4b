import { describe, expect, it } from "vitest";
import { DotScan } from "./dot-scan";
import { seeded } from "./word-vectors-learn";

/** A scan of `count` rows of `stride` numbers, filled with the same seeded numbers whichever loop it runs. */
function filled(count: number, stride: number, wasm: boolean): DotScan {
  const scan = new DotScan(count, stride, { wasm });
  const random = seeded(count * 31 + stride);
  // Magnitudes from 1e-3 to 10, so the running sums round and a different order of additions would show.
  for (let k = 0; k < scan.rows.length; k++) scan.rows[k] = (random() - 0.5) * 10 ** (random() * 4 - 3);
  return scan;
}

/** Each row's products summed as the nearest-tools scan always has: four running sums, added up at the end. */
function reference(scan: DotScan, query: Float32Array, dim: number): number[] {
  return Array.from({ length: scan.count }, (_, i) => {
    const sums = [0, 0, 0, 0];
    for (let j = 0; j < dim; j++) sums[j % 4]! += query[j]! * scan.rows[i * scan.stride + j]!;
    return sums[0]! + sums[1]! + sums[2]! + sums[3]!;
  });
}

describe("the dot-product scan", () => {
  it("runs in WebAssembly here, and gives the JavaScript loop's sums to the last bit", () => {
    for (const [count, stride, dims] of [
      [300, 16, [16, 8, 4]],
      [1, 128, [128, 64]],
      [0, 8, [8]],
    ] as const) {
      const wasm = filled(count, stride, true);
      const js = filled(count, stride, false);
      expect(wasm.wasm).toBe(true);
      expect(js.wasm).toBe(false);
      const random = seeded(7);
      for (let q = 0; q < 20; q++) {
        const query = Float32Array.from({ length: stride }, () => (random() - 0.5) * 10 ** (random() * 4 - 3));
        for (const dim of dims) {
          const expected = reference(js, query, dim);
          expect(Array.from(js.dots(query, dim))).toEqual(expected);
          expect(Array.from(wasm.dots(query, dim))).toEqual(expected);
        }
      }
    }
  });

  it("reads only the first dim numbers of the query and of each row", () => {
    const scan = new DotScan(2, 8);
    scan.rows.set([1, 2, 3, 4, 100, 100, 100, 100, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(Array.from(scan.dots([1, 1, 1, 1, 7, 7, 7, 7], 4))).toEqual([10, 4]);
    expect(Array.from(scan.dots([1, 1, 1, 1, 7, 7, 7, 7], 8))).toEqual([2810, 32]);
  });

  it("refuses rows or reads that are not whole fours", () => {
    expect(() => new DotScan(3, 6)).toThrow(/a row of 6 numbers is not a multiple of 4/);
    const scan = new DotScan(3, 8);
    expect(() => scan.dots(new Float32Array(8), 6)).toThrow(/6 numbers of rows of 8/);
    expect(() => scan.dots(new Float32Array(12), 12)).toThrow(/12 numbers of rows of 8/);
  });
});
