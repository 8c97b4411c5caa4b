import { describe, expect, it } from "vitest";
import { principalAxes, symmetricEigen, turnRows } from "./principal-axes";
import { seeded } from "./word-vectors-learn";

/** n rows of `dim` numbers, coordinate j spread by `spread[j]`, so some directions hold more length than others. */
function rowsWith(n: number, dim: number, spread: (j: number) => number, seed = 7): Float32Array {
  const random = seeded(seed);
  const rows = new Float32Array(n * dim);
  for (let i = 0; i < n; i++) for (let j = 0; j < dim; j++) rows[i * dim + j] = (random() - 0.5) * spread(j);
  return rows;
}

const dot = (v: ArrayLike<number>, a: number, w: ArrayLike<number>, b: number, dim: number) => {
  let s = 0;
  for (let j = 0; j < dim; j++) s += v[a + j]! * w[b + j]!;
  return s;
};

describe("eigenvectors of a symmetric matrix (Jacobi)", () => {
  it("gives A·v = λ·v for every pair, with orthonormal vectors", () => {
    const dim = 9;
    const random = seeded(3);
    const m = new Float64Array(dim * dim);
    for (let a = 0; a < dim; a++) for (let b = a; b < dim; b++) m[a * dim + b] = m[b * dim + a] = random() - 0.5;
    const before = Float64Array.from(m);
    const { values, vectors } = symmetricEigen(m, dim);
    expect(m).toEqual(before);
    for (let k = 0; k < dim; k++) {
      for (let a = 0; a < dim; a++) {
        let av = 0;
        for (let b = 0; b < dim; b++) av += m[a * dim + b]! * vectors[b * dim + k]!;
        expect(av).toBeCloseTo(values[k]! * vectors[a * dim + k]!, 9);
      }
      for (let l = 0; l < dim; l++) {
        let d = 0;
        for (let a = 0; a < dim; a++) d += vectors[a * dim + k]! * vectors[a * dim + l]!;
        expect(d).toBeCloseTo(k === l ? 1 : 0, 9);
      }
    }
  });
});

describe("principal axes", () => {
  const dim = 8;
  const n = 400;
  // Coordinate 5 holds the most length, then 2; the rest little.
  const rows = rowsWith(n, dim, (j) => (j === 5 ? 10 : j === 2 ? 4 : 0.5));

  it("finds the direction holding the most length first, then the next", () => {
    const axes = principalAxes(rows, n, dim);
    expect(Math.abs(axes[5]!)).toBeGreaterThan(0.99);
    expect(Math.abs(axes[dim + 2]!)).toBeGreaterThan(0.99);
  });

  it("turns rows so that lengths and dot products stay and the first coordinates hold the most", () => {
    const axes = principalAxes(rows, n, dim);
    const turned = turnRows(rows, n, dim, axes);
    for (let i = 0; i < 20; i++) {
      const j = (i * 7 + 3) % n;
      expect(dot(turned, i * dim, turned, j * dim, dim)).toBeCloseTo(dot(rows, i * dim, rows, j * dim, dim), 3);
    }
    const energy = (v: Float32Array, j: number) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += v[i * dim + j]! ** 2;
      return s;
    };
    for (let j = 1; j < dim; j++) expect(energy(turned, j - 1)).toBeGreaterThanOrEqual(energy(turned, j) * 0.999);
  });

  it("gives the same axes for the same rows (no random start, signs fixed)", () => {
    expect(principalAxes(rows, n, dim)).toEqual(principalAxes(rows, n, dim));
  });
});
