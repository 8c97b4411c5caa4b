/**
 * Index terms numbered for one index build. A 10,000-tool catalog holds about a million term occurrences; the
 * posting builders sum them by number, so each occurrence is an array read instead of a string-keyed map lookup
 * (most of what building the posting lists cost). The tokenizer hands out whole words' numbers from its word
 * cache (`termIdsInto`), so each distinct word of the catalog is looked up once per build.
 */
export class TermTable {
  private readonly ids = new Map<string, number>();
  readonly texts: string[] = [];
  /** Per word of the tokenizer's cache (by its number there), that word's terms' numbers here (tokenize.ts). */
  readonly byWord: Array<Int32Array | undefined> = [];
  /** Which filling of the tokenizer's word cache `byWord` follows (it starts again when that cache does). */
  wordCacheRound = -1;

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

  /** Numbers for terms, given on first sight. */
  idsOf(terms: readonly string[]): Int32Array {
    return Int32Array.from(terms, (t) => this.id(t));
  }

  /** The terms of a list of numbers. */
  textsOf(ids: ArrayLike<number>): string[] {
    return Array.from(ids, (id) => this.texts[id]!);
  }
}

/** A growing list of numbers: appended to one at a time, then taken as an array of exactly its length. */
export class IdBuffer {
  private data = new Int32Array(256);
  length = 0;

  push(id: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = id;
  }

  /** What was appended since the last take, as its own array; the buffer is empty again. */
  take(): Int32Array {
    const out = this.data.slice(0, this.length);
    this.length = 0;
    return out;
  }
}
