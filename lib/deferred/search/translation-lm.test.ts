import { describe, expect, it } from "vitest";
import { expectLearnedTable } from "@/test/support/learned-table";
import { docFields } from "./fields";
import { TermTable } from "./term-table";
import likelihoods from "./learned-likelihoods.json";
import { DEFAULT_RANKER } from "./ranker-config";
import { DEFAULT_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import { DEFAULT_TRANSLATION_LM, type LikelihoodTable, TranslationLm } from "./translation-lm";
import { terms } from "./tokenize";
import type { SearchDoc } from "./types";

const doc = (name: string, description: string): SearchDoc => ({
  name,
  description,
  parameters: { type: "object", properties: {} },
});

const DOCS = [
  doc("create_refund", "Refund a charge to the customer."),
  doc("list_customers", "List the customers of the account."),
  doc("delete_file", "Delete a file from the disk."),
  doc("take_screenshot", "Take a screenshot of the page."),
];

const lm = (table: LikelihoodTable, docs = DOCS) => {
  const terms = new TermTable();
  return new TranslationLm(
    docs.map((d) => docFields(d, terms)),
    terms,
    DEFAULT_TRANSLATION_LM,
    table,
  );
};

describe("translation language model", () => {
  it("finds a tool through a word it never uses, by the learned t(query word | tool word)", () => {
    const model = lm({ [terms("money")[0]!]: [[terms("refund")[0]!, 0.4]] });
    const top = model.top("give them their money back", 5);
    expect(top.map((s) => DOCS[s.index]!.name)).toEqual(["create_refund"]);
    expect(top[0]!.score).toBeGreaterThan(0);
  });

  it("adds up the evidence of every tool word: two translated words beat one", () => {
    const [wipe, gone, snap, del, shot] = ["wipe", "gone", "snap", "delete", "screenshot"].map((w) => terms(w)[0]!);
    const table: LikelihoodTable = { [wipe!]: [[del!, 0.3]], [snap!]: [[shot!, 0.3]], [gone!]: [[del!, 0.3]] };
    const names = lm(table)
      .top("wipe it so it is gone, or snap it", 5)
      .map((s) => DOCS[s.index]!.name);
    expect(names).toEqual(["delete_file", "take_screenshot"]);
  });

  it("a tool word stands for itself at `self`; a word in no tool and no table finds nothing", () => {
    const model = lm({});
    expect(model.top("screenshot", 5).map((s) => DOCS[s.index]!.name)).toEqual(["take_screenshot"]);
    expect(model.top("zebra", 5)).toEqual([]);
    expect(model.top("screenshot", 0)).toEqual([]);
  });

  it("a rarer word weighs more than a common one (smoothing toward the catalog-wide likelihood)", () => {
    const docs = [
      doc("a_tool", "customer customer refund"),
      doc("b_tool", "customer customer"),
      doc("c_tool", "customer"),
      doc("d_tool", "refund"),
    ];
    const top = lm({}, docs).top("customer refund", 4);
    // a_tool holds both words; d_tool's refund (in two tools) outweighs the customer of b and c (in three).
    expect(top.map((s) => docs[s.index]!.name).slice(0, 2)).toEqual(["a_tool", "d_tool"]);
  });

  it("keeps the best `limit`, ties by catalog order, and forgets one search before the next", () => {
    const docs = [doc("x_one", "alpha"), doc("x_two", "alpha"), doc("x_three", "alpha beta")];
    const model = lm({}, docs);
    expect(model.top("alpha", 2).map((s) => s.index)).toEqual([0, 1]);
    const first = model.top("beta alpha", 3);
    expect(model.top("beta alpha", 3)).toEqual(first);
    expect(first[0]!.index).toBe(2);
  });

  it("a word's gains are made once and kept: the same scores however often, and in whatever order, words are searched", () => {
    const [money, gone] = ["money", "gone"].map((w) => terms(w)[0]!);
    const table: LikelihoodTable = { [money!]: [[terms("refund")[0]!, 0.4]], [gone!]: [[terms("delete")[0]!, 0.3]] };
    const fresh = () => lm(table);
    const once = fresh().top("money gone screenshot", 4);
    const warmed = fresh();
    for (const q of ["gone", "screenshot money", "money", "gone gone"]) warmed.top(q, 4);
    expect(warmed.top("money gone screenshot", 4)).toEqual(once);
    expect(warmed.top("money gone screenshot", 4)).toEqual(once);
    expect(once.map((s) => DOCS[s.index]!.name).sort()).toEqual(["create_refund", "delete_file", "take_screenshot"]);
  });

  it("the shipped table was learned: request words with tool words of strength in (0, 1], strongest first", () => {
    expectLearnedTable((likelihoods as unknown as { table: LikelihoodTable }).table);
  });
});

describe("the likelihood technique in the searcher", () => {
  const searcher = (likelihood: boolean) =>
    new LexicalSearcher(DOCS, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, likelihood } });

  it("is on by default", () => {
    expect(DEFAULT_TECHNIQUES.likelihood).toBe(true);
  });

  it("fuses its ranking with the lexical one, the fused score in the lexical score's units, best first", () => {
    const off = searcher(false).searchScored("refund the customer", 5);
    const on = searcher(true).searchScored("refund the customer", 5);
    expect(on[0]!.name).toBe("create_refund");
    for (let i = 1; i < on.length; i++) expect(on[i - 1]!.score!).toBeGreaterThanOrEqual(on[i]!.score!);
    // The best keeps its lexical score and gains at most `weight` × the lexical best (prefetch's min_score reads it).
    const lexicalBest = off[0]!.score!;
    expect(off[0]!.name).toBe("create_refund");
    expect(on[0]!.score!).toBeGreaterThan(lexicalBest);
    expect(on[0]!.score!).toBeLessThanOrEqual(lexicalBest * (1 + DEFAULT_TRANSLATION_LM.weight) + 1e-9);
  });

  it("leaves text outside ASCII, select:, +term and patterns to the lexical search alone", () => {
    for (const q of ["退款给客户 refund", "select:delete_file", "+delete file", "/screen.*/"])
      expect(searcher(true).search(q, 5)).toEqual(searcher(false).search(q, 5));
  });
});
