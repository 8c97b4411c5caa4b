import { describe, expect, it } from "vitest";
import { TypedSlab } from "./typed-slab";

describe("TypedSlab", () => {
  it("hands out zeroed arrays of the asked length that do not overlap", () => {
    const slab = new TypedSlab((n) => new Float64Array(n), 16);
    const a = slab.take(3);
    const b = slab.take(4);
    expect(a).toEqual(new Float64Array(3));
    expect(b).toEqual(new Float64Array(4));
    a.fill(1);
    b.fill(2);
    expect([...a]).toEqual([1, 1, 1]);
    expect([...b]).toEqual([2, 2, 2, 2]);
    // Views of one block while they fit.
    expect(a.buffer).toBe(b.buffer);
  });

  it("starts a new block when one is full, leaving what was handed out as it was", () => {
    const slab = new TypedSlab((n) => new Int32Array(n), 8);
    const kept = [slab.take(2), slab.take(2), slab.take(2), slab.take(2)];
    kept.forEach((a, i) => {
      a.fill(i + 1);
    });
    const next = slab.take(2);
    expect(next.buffer).not.toBe(kept[0]!.buffer);
    expect(next).toEqual(new Int32Array(2));
    next.fill(9);
    expect(kept.map((a) => [...a])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
  });

  it("makes an array of more than a quarter of a block on its own", () => {
    const slab = new TypedSlab((n) => new Float32Array(n), 16);
    const big = slab.take(5);
    expect(big.length).toBe(5);
    expect(big.buffer.byteLength).toBe(5 * 4);
    expect(slab.take(4).buffer.byteLength).toBe(16 * 4);
  });

  it("copies the first n numbers of an array, as slice(0, n) does", () => {
    const slab = new TypedSlab((n) => new Float64Array(n), 64);
    const source = Float64Array.of(0.1, 0.2, 0.30000000000000004, 4);
    const copy = slab.copy(source, 3);
    expect(copy).toEqual(source.slice(0, 3));
    source[0] = 7;
    expect(copy[0]).toBe(0.1);
    expect(slab.copy(source, 0)).toEqual(new Float64Array(0));
  });
});
