/**
 * A memo of a pure function that holds at most `max` keys: when full it starts again, so a stream of new keys
 * (words nobody typed before) cannot grow it without bound, and a word met again costs one lookup.
 */
export class BoundedMemo<K, V> {
  private readonly map = new Map<K, V>();

  /** `onClear` runs each time it starts again (for what is kept alongside its values). */
  constructor(
    private readonly max: number,
    private readonly onClear?: () => void,
  ) {
    if (!(max >= 1)) throw new Error(`BoundedMemo: max must be at least 1 (got ${max})`);
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** The kept value for `key`, or `make()`'s, kept. */
  remember(key: K, make: () => V): V {
    if (this.map.has(key)) return this.map.get(key) as V;
    const made = make();
    if (this.map.size >= this.max) this.clear();
    this.map.set(key, made);
    return made;
  }

  clear(): void {
    this.map.clear();
    this.onClear?.();
  }
}
