import { grown } from "./grown";

/**
 * Strings numbered by their text, looked up by a span of a longer text without cutting it out: an index build
 * meets each word of a catalog thousands of times, and slicing and hashing a new string per occurrence (what a
 * Map needs) was most of the time it spent on words. A caller hashes the span with `hashStep` as it scans it;
 * only a word seen for the first time becomes a string. Ids count from 0 in the order words were added.
 */

/** FNV-1a, one UTF-16 code unit at a time. Start from `HASH_START`. */
export const HASH_START = 0x811c9dc5 | 0;
export const hashStep = (h: number, code: number): number => Math.imul(h ^ code, 0x01000193);

export class SpanTable {
  /** id + 1 per slot (0: empty); open addressing, linear probing, at most half full. */
  private slots = new Int32Array(1024);
  private hashes = new Int32Array(512);
  readonly keys: string[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** The id of `text.slice(start, end)` (whose hash is `h`), or -1 when it was never added. */
  find(text: string, start: number, end: number, h: number): number {
    const { slots, hashes, keys } = this;
    const mask = slots.length - 1;
    const length = end - start;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = slots[s]!;
      if (v === 0) return -1;
      const id = v - 1;
      if (hashes[id] !== h) continue;
      const key = keys[id]!;
      if (key.length !== length) continue;
      let j = 0;
      while (j < length && key.charCodeAt(j) === text.charCodeAt(start + j)) j++;
      if (j === length) return id;
    }
  }

  /** Add a string not in the table yet, with its hash; returns its id. */
  add(key: string, h: number): number {
    const id = this.keys.length;
    if (2 * (id + 1) > this.slots.length) this.grow();
    if (id >= this.hashes.length) this.hashes = grown(this.hashes, id + 1);
    this.keys.push(key);
    this.hashes[id] = h;
    this.place(id);
    return id;
  }

  clear(): void {
    this.slots = new Int32Array(1024);
    this.hashes = new Int32Array(512);
    this.keys.length = 0;
  }

  private place(id: number): void {
    const mask = this.slots.length - 1;
    let s = this.hashes[id]! & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = id + 1;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let id = 0; id < this.keys.length; id++) this.place(id);
  }
}

/** The hash `SpanTable` expects for a whole string. */
export function hashOf(s: string): number {
  let h = HASH_START;
  for (let i = 0; i < s.length; i++) h = hashStep(h, s.charCodeAt(i));
  return h;
}
