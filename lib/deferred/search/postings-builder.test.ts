import { describe, expect, it } from "vitest";
import { PostingsBuilder } from "./postings-builder";
import { TermTable } from "./term-table";

/** The builder's sorted lists as (term, documents, values), one list each, in the builder's order. */
function listsOf(b: PostingsBuilder): Array<[string, Int32Array, Float64Array]> {
  const { terms, start, docs, values } = b.sorted();
  return terms.map((t, id) => [
    t,
    docs.subarray(start[id]!, start[id + 1]!),
    values.subarray(start[id]!, start[id + 1]!),
  ]);
}

/** A builder and the numbers of its terms in a fresh table. */
function builder(): { b: PostingsBuilder; id: (term: string) => number } {
  const table = new TermTable();
  return { b: new PostingsBuilder(table), id: (term) => table.id(term) };
}

describe("PostingsBuilder", () => {
  it("sums a term's weights within a document, divides by the document's divisor, lists documents in order", () => {
    const { b, id } = builder();
    b.add(id("get"), 3);
    b.add(id("file"), 1);
    b.add(id("get"), 1);
    b.endDocument(0, 5);
    b.endDocument(1);
    b.add(id("file"), 2);
    b.endDocument(2);
    expect(listsOf(b)).toEqual([
      ["get", Int32Array.of(0), Float64Array.of(0.8)],
      ["file", Int32Array.of(0, 2), Float64Array.of(0.2, 2)],
    ]);
  });

  it("counts its lists, each between its start and the next, all entries in all", () => {
    const { b, id } = builder();
    for (let d = 0; d < 50; d++) {
      for (let k = 0; k < 1 + (d % 7); k++) b.add(id(`t${(d * 3 + k * 5) % 11}`), 1 + k);
      b.endDocument(d, 1 + (d % 3));
    }
    const { count, terms, start, docs, values } = b.sorted();
    const lists = listsOf(b);
    expect(count).toBe(lists.length);
    expect(count).toBe(11);
    lists.forEach(([term, d, v], id) => {
      expect(terms[id]).toBe(term);
      expect(docs.subarray(start[id]!, start[id + 1]!)).toEqual(d);
      expect(values.subarray(start[id]!, start[id + 1]!)).toEqual(v);
    });
    expect(start[count]).toBe(b.size);
  });

  it("grows past its first 1,024 terms without losing a sum", () => {
    const { b, id } = builder();
    for (let i = 0; i < 3000; i++) b.add(id(`t${i}`), i + 1);
    b.add(id("t2999"), 1);
    b.endDocument(7);
    const lists = listsOf(b);
    expect(lists).toHaveLength(3000);
    expect(lists[2999]).toEqual(["t2999", Int32Array.of(7), Float64Array.of(3001)]);
    expect(lists[0]).toEqual(["t0", Int32Array.of(7), Float64Array.of(1)]);
  });

  it("keeps each term's documents in order past its first 4,096 postings, with terms met in any order", () => {
    const { b, id } = builder();
    for (let d = 0; d < 2000; d++) {
      if (d % 3 === 0) b.add(id("third"), 1);
      b.add(id("every"), 0.5);
      b.add(id("every"), 0.5);
      b.add(id(`only${d % 7}`), d);
      b.endDocument(d, 2);
    }
    const lists = new Map(listsOf(b).map(([t, docs, values]) => [t, { docs: [...docs], values: [...values] }]));
    expect([...lists.keys()]).toEqual([
      "third",
      "every",
      "only0",
      "only1",
      "only2",
      "only3",
      "only4",
      "only5",
      "only6",
    ]);
    expect(lists.get("every")!.docs).toEqual(Array.from({ length: 2000 }, (_, d) => d));
    expect(lists.get("every")!.values.every((v) => v === 0.5)).toBe(true);
    expect(lists.get("third")!.docs).toEqual(Array.from({ length: 667 }, (_, k) => 3 * k));
    expect(lists.get("only3")!.docs.slice(0, 3)).toEqual([3, 10, 17]);
    expect(lists.get("only3")!.values.slice(0, 3)).toEqual([1.5, 5, 8.5]);
  });

  it("gives the same lists whether told how many adds to expect, told too few, or not told", () => {
    const fill = (adds?: number) => {
      const table = new TermTable();
      const b = adds === undefined ? new PostingsBuilder(table) : new PostingsBuilder(table, adds);
      for (let d = 0; d < 3000; d++) {
        b.add(table.id(`w${d % 11}`), 1);
        b.add(table.id(`w${d % 5}`), 0.25);
        b.endDocument(d);
      }
      return listsOf(b).map(([t, docs, values]) => [t, [...docs], [...values]]);
    };
    const told = fill(6000);
    expect(told).toHaveLength(11);
    expect(fill(1)).toEqual(told);
    expect(fill(0)).toEqual(told);
    expect(fill()).toEqual(told);
  });
});
