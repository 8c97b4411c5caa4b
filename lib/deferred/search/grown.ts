/** A copy of `a` with room for at least `needed` entries (its length doubled until it fits). */
export function grown<T extends Int32Array | Uint16Array | Float64Array>(a: T, needed: number): T {
  let size = Math.max(1, a.length * 2);
  while (size < needed) size *= 2;
  const out = new (a.constructor as new (n: number) => T)(size);
  out.set(a);
  return out;
}
