import { describe, expect, it } from "vitest";
import { PostingsBuilder } from "./postings-builder";

describe("PostingsBuilder", () => {
  it("sums a term's weights within a document, divides by the document's divisor, lists documents in order", () => {
    const b = new PostingsBuilder();
    b.add("get", 3);
    b.add("file", 1);
    b.add("get", 1);
    b.endDocument(0, 5);
    b.endDocument(1);
    b.add("file", 2);
    b.endDocument(2);
    expect([...b.lists()]).toEqual([
      ["get", [0], [0.8]],
      ["file", [0, 2], [0.2, 2]],
    ]);
  });

  it("grows past its first 1,024 terms without losing a sum", () => {
    const b = new PostingsBuilder();
    for (let i = 0; i < 3000; i++) b.add(`t${i}`, i + 1);
    b.add("t2999", 1);
    b.endDocument(7);
    const lists = [...b.lists()];
    expect(lists).toHaveLength(3000);
    expect(lists[2999]).toEqual(["t2999", [7], [3001]]);
    expect(lists[0]).toEqual(["t0", [7], [1]]);
  });
});
