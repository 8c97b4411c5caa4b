/**
 * How the learned tables store rows of numbers (word vectors, the action classifier's weights): each row scaled to
 * signed bytes by its largest magnitude, the scale kept beside it. A quarter of the floats' size, and precise to
 * about 1 % of a row's largest number, which is all a ranking reads of them.
 */

/** `rows × cols` numbers, row by row → one scale per row and the bytes, base64. Pure and deterministic. */
export function packInt8Rows(
  values: ArrayLike<number>,
  rows: number,
  cols: number,
): { scales: number[]; bytes: string } {
  const bytes = new Int8Array(rows * cols);
  const scales: number[] = [];
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let c = 0; c < cols; c++) max = Math.max(max, Math.abs(values[r * cols + c]!));
    // Six significant digits: enough for a byte's scale, and the file stays small and stable.
    const scale = Number((max > 0 ? max / 127 : 1).toPrecision(6));
    scales.push(scale);
    for (let c = 0; c < cols; c++) bytes[r * cols + c] = Math.round(values[r * cols + c]! / scale);
  }
  return { scales, bytes: Buffer.from(bytes.buffer).toString("base64") };
}

/** The bytes back as floats (each row × its scale); the caller has checked there is one scale per `cols` bytes. */
export function unpackInt8Rows(bytes: Int8Array, scales: readonly number[], cols: number): Float32Array {
  const out = new Float32Array(bytes.length);
  for (let r = 0; r < scales.length; r++) {
    const s = scales[r]!;
    for (let c = 0; c < cols; c++) out[r * cols + c] = bytes[r * cols + c]! * s;
  }
  return out;
}
