import { grown } from "./grown";
import type { TermTable } from "./term-table";

/**
 * Posting lists from per-document weighted term sums, in one pass. Terms are interned to integers, so the sum
 * within a document is array arithmetic, not map churn. Feed documents in order — `add` for each of a
 * document's terms, then `endDocument` — and every list comes out sorted by document. Used by the BM25F index
 * (pseudo-frequencies) and the translation language model (P(word | tool)).
 *
 * Postings are kept as one flat run of (term, document, value) entries in typed arrays and sorted by term once
 * at the end (a counting sort, which keeps each term's documents in order): a 10,000-tool index has about a
 * million of them, and a growing array per term cost more in copies and garbage than the sums themselves.
 */
export class PostingsBuilder {
  /** Per term number in the table, its number here plus one (0: not seen yet); terms here count in first-seen order. */
  private localOf: Int32Array;
  private readonly terms: string[] = [];
  private sums = new Float64Array(1024);
  private inDoc = new Int32Array(256);
  private inDocSize = 0;
  private entryTerm: Int32Array;
  private entryDoc: Int32Array;
  private entryValue: Float64Array;
  private entries = 0;

  /**
   * `table`: where the terms given to `add` are numbered; `adds`: how many times `add` will be called, if the
   * caller knows (each call makes at most one posting, so the postings then never outgrow their arrays; a
   * 10,000-tool index otherwise doubles and copies them a dozen times).
   */
  constructor(
    private readonly table: TermTable,
    adds = 4096,
  ) {
    this.localOf = new Int32Array(Math.max(1024, table.size));
    const room = Math.max(1, adds);
    this.entryTerm = new Int32Array(room);
    this.entryDoc = new Int32Array(room);
    this.entryValue = new Float64Array(room);
  }

  /** Adds `weight` to the sum of term number `term` (in the table) in the current document. */
  add(term: number, weight: number): void {
    if (term >= this.localOf.length) this.localOf = grown(this.localOf, term + 1);
    let id = this.localOf[term]! - 1;
    if (id < 0) {
      id = this.terms.length;
      this.localOf[term] = id + 1;
      this.terms.push(this.table.texts[term]!);
      if (id >= this.sums.length) this.sums = grown(this.sums, id + 1);
    }
    if (this.sums[id] === 0) {
      if (this.inDocSize === this.inDoc.length) this.inDoc = grown(this.inDoc, this.inDocSize + 1);
      this.inDoc[this.inDocSize++] = id;
    }
    this.sums[id]! += weight;
  }

  /** The number a term of the table has among this builder's lists (first seen, first), or -1. */
  localId(term: number): number {
    return term < this.localOf.length ? this.localOf[term]! - 1 : -1;
  }

  /** Closes document `doc`: each term added since the last call gets the posting (doc, its sum / `divisor`). */
  endDocument(doc: number, divisor = 1): void {
    const end = this.entries + this.inDocSize;
    if (end > this.entryTerm.length) {
      this.entryTerm = grown(this.entryTerm, end);
      this.entryDoc = grown(this.entryDoc, end);
      this.entryValue = grown(this.entryValue, end);
    }
    for (let k = 0; k < this.inDocSize; k++) {
      const id = this.inDoc[k]!;
      const at = this.entries++;
      this.entryTerm[at] = id;
      this.entryDoc[at] = doc;
      this.entryValue[at] = divisor === 1 ? this.sums[id]! : this.sums[id]! / divisor;
      this.sums[id] = 0;
    }
    this.inDocSize = 0;
  }

  /** How many (term, document) entries the lists hold in all. */
  get size(): number {
    return this.entries;
  }

  /**
   * Every term seen, in first-seen order, with its documents (ascending) and values, all at once (SortedLists): the
   * entries sorted by term (a counting sort, which keeps each term's documents in order). A plain method, not a
   * generator: a loop inside a generator runs several times slower in V8 (build-steps.ts, `inChunks`), and this one
   * passes over every entry twice.
   */
  sorted(): SortedLists {
    const count = this.terms.length;
    const start = new Int32Array(count + 1);
    for (let k = 0; k < this.entries; k++) start[this.entryTerm[k]! + 1]!++;
    for (let id = 0; id < count; id++) start[id + 1]! += start[id]!;
    const docs = new Int32Array(this.entries);
    const values = new Float64Array(this.entries);
    const fill = start.slice(0, count);
    for (let k = 0; k < this.entries; k++) {
      const slot = fill[this.entryTerm[k]!]!++;
      docs[slot] = this.entryDoc[k]!;
      values[slot] = this.entryValue[k]!;
    }
    return { count, terms: this.terms, start, docs, values };
  }
}

/**
 * A builder's lists, sorted: term number `id` (first seen, first) is `terms[id]`, and its documents and values are
 * `docs` and `values` from `start[id]` up to `start[id + 1]`.
 */
export interface SortedLists {
  count: number;
  terms: readonly string[];
  start: Int32Array;
  docs: Int32Array;
  values: Float64Array;
}
