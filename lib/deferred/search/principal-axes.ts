/**
 * Principal axes of a set of vectors, and vectors turned onto them. Turning every vector by the same orthonormal
 * matrix keeps every dot product and length, so cosines mean what they meant; what changes is where a vector's
 * length sits: after the turn the first coordinates hold most of it. The nearest-tools scan (word-vectors.ts)
 * reads that to stop early on a tool that can no longer reach the nearest ones. Pure, deterministic (the cyclic
 * Jacobi method: no random start), no I/O.
 */

/**
 * The axes along which `rows` (n rows of `dim` numbers) hold most of their squared length, most first: the
 * eigenvectors of Σ rowᵀ·row (not centred: the scan bounds lengths from the origin), `dim × dim`, one axis a row.
 */
export function principalAxes(rows: ArrayLike<number>, n: number, dim: number): Float64Array {
  const m = new Float64Array(dim * dim);
  for (let i = 0; i < n; i++) {
    const o = i * dim;
    for (let a = 0; a < dim; a++) {
      const x = rows[o + a]!;
      if (x === 0) continue;
      for (let b = a; b < dim; b++) m[a * dim + b] += x * rows[o + b]!;
    }
  }
  for (let a = 0; a < dim; a++) for (let b = 0; b < a; b++) m[a * dim + b] = m[b * dim + a]!;
  const { values, vectors } = symmetricEigen(m, dim);
  const order = Array.from({ length: dim }, (_, i) => i).sort((x, y) => values[y]! - values[x]! || x - y);
  const axes = new Float64Array(dim * dim);
  order.forEach((k, row) => {
    // Column k of `vectors` is the k-th eigenvector; its sign is fixed (largest coordinate positive) so the
    // same input always gives the same axes.
    let big = 0;
    for (let a = 0; a < dim; a++) if (Math.abs(vectors[a * dim + k]!) > Math.abs(vectors[big * dim + k]!)) big = a;
    const sign = vectors[big * dim + k]! < 0 ? -1 : 1;
    for (let a = 0; a < dim; a++) axes[row * dim + a] = sign * vectors[a * dim + k]!;
  });
  return axes;
}

/** Each of the n rows of `rows` turned onto `axes` (principalAxes): coordinate j becomes its dot with axis j. */
export function turnRows(rows: Float32Array, n: number, dim: number, axes: Float64Array): Float32Array {
  const out = new Float32Array(n * dim);
  for (let i = 0; i < n; i++) {
    const o = i * dim;
    for (let j = 0; j < dim; j++) {
      let s = 0;
      for (let a = 0; a < dim; a++) s += axes[j * dim + a]! * rows[o + a]!;
      out[o + j] = s;
    }
  }
  return out;
}

/**
 * Eigenvalues and eigenvectors (as columns) of a symmetric `dim × dim` matrix, by cyclic Jacobi rotations until
 * the off-diagonal part is negligible. `m` is left as it was.
 */
export function symmetricEigen(m: Float64Array, dim: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(m);
  const v = new Float64Array(dim * dim);
  for (let i = 0; i < dim; i++) v[i * dim + i] = 1;
  let scale = 0;
  for (let i = 0; i < dim * dim; i++) scale += a[i]! * a[i]!;
  const tiny = 1e-22 * scale;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < dim; p++) for (let q = p + 1; q < dim; q++) off += a[p * dim + q]! * a[p * dim + q]!;
    if (off <= tiny) break;
    for (let p = 0; p < dim; p++)
      for (let q = p + 1; q < dim; q++) {
        const apq = a[p * dim + q]!;
        if (apq === 0) continue;
        const theta = (a[q * dim + q]! - a[p * dim + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < dim; k++) {
          const akp = a[k * dim + p]!;
          const akq = a[k * dim + q]!;
          a[k * dim + p] = c * akp - s * akq;
          a[k * dim + q] = s * akp + c * akq;
        }
        for (let k = 0; k < dim; k++) {
          const apk = a[p * dim + k]!;
          const aqk = a[q * dim + k]!;
          a[p * dim + k] = c * apk - s * aqk;
          a[q * dim + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < dim; k++) {
          const vkp = v[k * dim + p]!;
          const vkq = v[k * dim + q]!;
          v[k * dim + p] = c * vkp - s * vkq;
          v[k * dim + q] = s * vkp + c * vkq;
        }
      }
  }
  const values = new Float64Array(dim);
  for (let i = 0; i < dim; i++) values[i] = a[i * dim + i]!;
  return { values, vectors: v };
}
