/** The typed arrays a slab hands out. */
type Slabbed = Int32Array | Float32Array | Float64Array;

/**
 * Small typed arrays that a searcher keeps (a typed word's best score per tool, bm25.ts; a word's gain per tool,
 * translation-lm.ts), handed out as views of shared blocks instead of each one its own array. In V8 a typed array of
 * more than 64 bytes has its own memory outside the heap: making one costs about 0.3 µs (a view of a block about a
 * tenth of that), and each one is more work for the collector. A fresh searcher's first pass makes a few for every
 * word it has not met, and those allocations were the largest part of what a new word cost it
 * (lib/deferred/search/README.md, "Speed"). A view reads and writes like an array of its own, starts as zeros, and
 * no two views overlap; a block is freed when the slab has moved on and no view of it is left.
 */
export class TypedSlab<T extends Slabbed> {
  private block: T;
  private used = 0;

  /**
   * `make(n)`: a new zeroed array of `n` numbers (`(n) => new Float64Array(n)`); `blockSize`: numbers per block. An
   * array of more than a quarter of a block is made on its own, so a block is never more than a quarter unused.
   */
  constructor(
    private readonly make: (n: number) => T,
    private readonly blockSize = 8192,
  ) {
    // The first block is made on the first take: a searcher that is built and never searched holds none.
    this.block = make(0);
  }

  /** `n` zeros, as `make(n)` would give them. */
  take(n: number): T {
    if (n > this.blockSize >> 2) return this.make(n);
    if (this.used + n > this.block.length) {
      this.block = this.make(this.blockSize);
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + n) as T;
    this.used += n;
    return view;
  }

  /** A copy of `source`'s first `n` numbers (an array of the same kind), as `source.slice(0, n)` would give them. */
  copy(source: Slabbed, n: number): T {
    const out = this.take(n);
    out.set(source.subarray(0, n));
    return out;
  }
}
