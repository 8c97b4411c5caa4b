import { grown } from "./grown";

/**
 * Strings numbered by their text, looked up by a span of a longer text without cutting it out: an index build
 * meets each word of a catalog thousands of times, and slicing and hashing a new string per occurrence (what a
 * Map needs) was most of the time it spent on words. A caller hashes the span with `hashStep` as it scans it;
 * only a word seen for the first time becomes a string (the caller's, to add it). The table keeps every word's
 * characters in one run, not as strings. Ids count from 0 in the order words were added.
 */

/** FNV-1a, one UTF-16 code unit at a time. Start from `HASH_START`. */
export const HASH_START = 0x811c9dc5 | 0;
export const hashStep = (h: number, code: number): number => Math.imul(h ^ code, 0x01000193);

export class SpanTable {
  /**
   * Two numbers a slot, side by side so a probe reads one place: id + 1 (0: empty) and the string's hash. Open
   * addressing, linear probing, at most half full.
   */
  private slots = new Int32Array(2048);
  /** Each string's characters, one after another (`at[id]` where its own start), compared in place of the string. */
  private chars = new Uint16Array(4096);
  private at = new Int32Array(513);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The string numbered `id`, made from its characters (the table keeps no string of its own). */
  keyOf(id: number): string {
    if (!(id >= 0 && id < this.count)) throw new RangeError(`SpanTable: no string numbered ${id}`);
    return String.fromCharCode(...this.chars.subarray(this.at[id]!, this.at[id + 1]!));
  }

  /** The id of `text.slice(start, end)` (whose hash is `h`), or -1 when it was never added. */
  find(text: string, start: number, end: number, h: number): number {
    const { slots, chars, at } = this;
    const mask = (slots.length >> 1) - 1;
    const length = end - start;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = slots[2 * s]!;
      if (v === 0) return -1;
      if (slots[2 * s + 1] !== h) continue;
      const id = v - 1;
      const from = at[id]!;
      if (at[id + 1]! - from !== length) continue;
      let j = 0;
      while (j < length && chars[from + j] === text.charCodeAt(start + j)) j++;
      if (j === length) return id;
    }
  }

  /** Add a string not in the table yet, with its hash; returns its id. */
  add(key: string, h: number): number {
    const id = this.count;
    if (4 * (id + 1) > this.slots.length) this.grow();
    if (id + 2 > this.at.length) this.at = grown(this.at, id + 2);
    const from = this.at[id]!;
    if (from + key.length > this.chars.length) this.chars = grown(this.chars, from + key.length);
    for (let j = 0; j < key.length; j++) this.chars[from + j] = key.charCodeAt(j);
    this.at[id + 1] = from + key.length;
    this.count++;
    this.place(id, h);
    return id;
  }

  clear(): void {
    this.slots = new Int32Array(2048);
    this.chars = new Uint16Array(4096);
    this.at = new Int32Array(513);
    this.count = 0;
  }

  private place(id: number, h: number): void {
    const mask = (this.slots.length >> 1) - 1;
    let s = h & mask;
    while (this.slots[2 * s] !== 0) s = (s + 1) & mask;
    this.slots[2 * s] = id + 1;
    this.slots[2 * s + 1] = h;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (let s = 0; s < old.length; s += 2) if (old[s] !== 0) this.place(old[s]! - 1, old[s + 1]!);
  }
}

/** The hash `SpanTable` expects for a whole string. */
export function hashOf(s: string): number {
  let h = HASH_START;
  for (let i = 0; i < s.length; i++) h = hashStep(h, s.charCodeAt(i));
  return h;
}
