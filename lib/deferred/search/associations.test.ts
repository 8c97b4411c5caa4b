import { describe, expect, it } from "vitest";
import { DEFAULT_ASSOCIATIONS, NameAssociations } from "./associations";
import { Bm25Index } from "./bm25";
import { docFields } from "./fields";
import { stem } from "./stem";
import { TermTable } from "./term-table";
import type { SearchDoc } from "./types";

const tool = (name: string, description: string): SearchDoc => ({ name, description, parameters: {} });
const DOCS = [
  tool("create_refund", "Give money back for a charge."),
  tool("list_refunds", "Refunds issued: money returned to customers."),
  tool("list_charges", "Charges made to customers."),
  tool("read_file", "Read a file from disk."),
  tool("write_file", "Write a file to disk."),
  tool("move_file", "Move a file on disk."),
];
const table = new TermTable();
const fields = DOCS.map((d) => docFields(d, table));
const index = new Bm25Index(fields, table);
const assoc = new NameAssociations(
  fields.map((f) => table.textsOf(f.name)),
  index,
  DEFAULT_ASSOCIATIONS,
);

describe("name associations learned from the catalog", () => {
  it("links a description word to the name word it keeps company with", () => {
    const out = assoc.of(stem("money"));
    expect(out.map((e) => e.terms[0])).toEqual(["refund"]);
    expect(out[0]!.weight).toBeLessThanOrEqual(DEFAULT_ASSOCIATIONS.weight);
  });

  it("ignores words shared by one document only, and unknown words", () => {
    expect(assoc.of("give")).toEqual([]);
    expect(assoc.of("nowhere")).toEqual([]);
  });

  it("links a word a whole family of tools uses to that family's name word, not to the verbs", () => {
    const names = assoc.of(stem("disk")).map((e) => e.terms[0]);
    expect(names).toEqual(["file"]);
  });
});
