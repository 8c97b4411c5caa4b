import { describe, expect, it } from "vitest";
import { IdBuffer, TermTable } from "./term-table";
import { termIdsInto, terms } from "./tokenize";

describe("TermTable", () => {
  it("numbers terms in first-seen order and reads them back", () => {
    const table = new TermTable();
    expect([...table.idsOf(["get", "file", "get"])]).toEqual([0, 1, 0]);
    expect(table.id("list")).toBe(2);
    expect(table.textsOf([2, 0])).toEqual(["list", "get"]);
    expect(table.size).toBe(3);
  });
});

describe("IdBuffer", () => {
  it("grows past its first size and hands over exactly what was appended", () => {
    const buffer = new IdBuffer();
    for (let i = 0; i < 1000; i++) buffer.push(i);
    const taken = buffer.take();
    expect(taken.length).toBe(1000);
    expect(taken[999]).toBe(999);
    buffer.push(7);
    expect([...buffer.take()]).toEqual([7]);
  });
});

describe("termIdsInto", () => {
  const idsOf = (text: string, table: TermTable) => {
    const buffer = new IdBuffer();
    termIdsInto(text, table, buffer);
    return table.textsOf(buffer.take());
  };

  it("gives the terms terms() gives, by number", () => {
    const table = new TermTable();
    for (const text of [
      "Deletes the stale branches of a repo.",
      "listPullRequests: base64 r2 k8s",
      "Lösche 列出所有客户",
    ])
      expect(idsOf(text, table)).toEqual(terms(text));
  });

  it("keeps a table's numbers right when the tokenizer's word cache starts again mid-build", () => {
    const table = new TermTable();
    const before = idsOf("create the refund", table);
    // More distinct words than the word cache holds (100,000): it empties and numbers its words anew.
    const many = Array.from({ length: 100_500 }, (_, i) => `w${i.toString(36)}q`).join(" ");
    idsOf(many, table);
    expect(idsOf("create the refund", table)).toEqual(before);
    expect(idsOf("refund the charge", table)).toEqual(terms("refund the charge"));
  });
});
