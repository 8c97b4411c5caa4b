/**
 * Posting lists from per-document weighted term sums, in one pass. Terms are interned to integers, so the sum
 * within a document is array arithmetic, not map churn. Feed documents in order — `add` for each of a
 * document's terms, then `endDocument` — and every list comes out sorted by document. Used by the BM25F index
 * (pseudo-frequencies) and the translation language model (P(word | tool)).
 */
export class PostingsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly docs: number[][] = [];
  private readonly values: number[][] = [];
  private sums = new Float64Array(1024);
  private readonly inDoc: number[] = [];

  /** Adds `weight` to the term's sum in the current document. */
  add(term: string, weight: number): void {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(term, id);
      this.docs.push([]);
      this.values.push([]);
      if (id >= this.sums.length) {
        const grown = new Float64Array(this.sums.length * 2);
        grown.set(this.sums);
        this.sums = grown;
      }
    }
    if (this.sums[id] === 0) this.inDoc.push(id);
    this.sums[id]! += weight;
  }

  /** Closes document `doc`: each term added since the last call gets the posting (doc, its sum / `divisor`). */
  endDocument(doc: number, divisor = 1): void {
    for (const id of this.inDoc) {
      this.docs[id]!.push(doc);
      this.values[id]!.push(divisor === 1 ? this.sums[id]! : this.sums[id]! / divisor);
      this.sums[id] = 0;
    }
    this.inDoc.length = 0;
  }

  /** Every term seen, in first-seen order, with its documents (ascending) and values. */
  *lists(): Generator<[term: string, docs: number[], values: number[]]> {
    for (const [term, id] of this.ids) yield [term, this.docs[id]!, this.values[id]!];
  }
}
