/**
 * Index terms numbered for one index build. A 10,000-tool catalog holds about a million term occurrences; the
 * posting builders sum them by number, so each occurrence is an array read instead of a string-keyed map lookup
 * (most of what building the posting lists cost). The tokenizer hands out whole words' numbers from its word
 * cache (`termIdsInto`), so each distinct word of the catalog is looked up once per build.
 */
export class TermTable {
  private readonly ids = new Map<string, number>();
  readonly texts: string[] = [];

  get size(): number {
    return this.texts.length;
  }

  /** The term's number, given on first sight. */
  id(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(term, id);
      this.texts.push(term);
    }
    return id;
  }

  /** The term's number, -1 when no text of the build holds it (nothing is given). */
  find(term: string): number {
    return this.ids.get(term) ?? -1;
  }

  /** Numbers for terms, given on first sight. */
  idsOf(terms: readonly string[]): Int32Array {
    const out = new Int32Array(terms.length);
    for (let k = 0; k < terms.length; k++) out[k] = this.id(terms[k]!);
    return out;
  }

  /** The terms of a list of numbers. */
  textsOf(ids: ArrayLike<number>): string[] {
    const out: string[] = [];
    for (let k = 0; k < ids.length; k++) out.push(this.texts[ids[k]!]!);
    return out;
  }
}

/** The largest block an IdBuffer allocates (64 K numbers, 256 KB). */
const MAX_BLOCK = 1 << 16;

/**
 * Lists of numbers appended one at a time, each taken as an array of exactly its length: a view of a shared block
 * (allocating a typed array per list cost more than filling it). A view keeps its block alive: copy what is kept.
 */
export class IdBuffer {
  private data = new Int32Array(256);
  /** Where the list being appended starts in `data`. */
  private start = 0;
  private end = 0;

  get length(): number {
    return this.end - this.start;
  }

  push(id: number): void {
    if (this.end === this.data.length) this.move();
    this.data[this.end++] = id;
  }

  /** What was appended since the last take; the buffer starts the next list. */
  take(): Int32Array {
    const out = this.data.subarray(this.start, this.end);
    this.start = this.end;
    return out;
  }

  /** A new block, twice as large (up to MAX_BLOCK, or as the list needs), holding the list so far. */
  private move(): void {
    const length = this.end - this.start;
    const size = Math.max(Math.min(this.data.length * 2, MAX_BLOCK), 2 * length);
    const next = new Int32Array(size);
    next.set(this.data.subarray(this.start, this.end));
    this.data = next;
    this.start = 0;
    this.end = length;
  }
}
