import { describe, expect, it } from "vitest";
import { searcherWith } from "../../../test/support/searchers";
import {
  CjkExamples,
  type CjkExampleWords,
  DEFAULT_CJK_EXAMPLE_USE,
  packExampleWords,
  unpackExampleWords,
} from "./cjk-examples";
import type { SearchTechniques } from "./techniques";
import type { LexicalSearcher } from "./searcher";

// Three training operations' Chinese and Japanese words: 0 (a refund), 1 (a deletion), 2 (a list).
const DATA: CjkExampleWords = {
  words: ["退款", "钱", "退", "删掉", "消し", "一覧", "看看"],
  start: [0, 4, 7, 9],
  ids: [0, 1, 2, 1, 3, 4, 3, 5, 6],
};

describe("worked examples in Chinese and Japanese (CjkExamples)", () => {
  // Tool 0 borrows from the refund, tool 1 from the deletion, tool 2 from the deletion and the list, tool 3 nothing.
  const neighbours = [[0], [1], [1, 2], []];
  const examples = new CjkExamples(DATA, 4, (t) => neighbours[t]!);

  it("ranks the tools whose neighbours were asked for in the request's words, best first", () => {
    expect(examples.top(["钱"], 5).map((s) => s.index)).toEqual([0]);
    // Both tools borrowed 删掉; the shorter bag weighs it more (BM25's length normalisation).
    expect(examples.top(["删掉"], 5).map((s) => s.index)).toEqual([1, 2]);
    expect(examples.top(["删掉", "一覧"], 5).map((s) => s.index)).toEqual([2, 1]);
    for (const s of examples.top(["删掉", "一覧"], 5)) expect(s.score).toBeGreaterThan(0);
  });

  it("counts a word as often as the neighbours' requests used it", () => {
    const once = new CjkExamples({ words: ["钱"], start: [0, 1, 3], ids: [0, 0, 0] }, 2, (t) => [t]);
    const [twice, single] = [
      once.top(["钱"], 2).find((s) => s.index === 1)!,
      once.top(["钱"], 2).find((s) => s.index === 0)!,
    ];
    expect(twice.score).toBeGreaterThan(single.score);
  });

  it("finds nothing for words no neighbour was asked in, keeps the limit, and leaves no state behind", () => {
    expect(examples.top(["文件"], 5)).toEqual([]);
    expect(examples.top(["删掉"], 1)).toHaveLength(1);
    expect(examples.top(["删掉"], 0)).toEqual([]);
    const first = examples.top(["删掉", "钱"], 5);
    examples.top(["一覧"], 5);
    expect(examples.top(["删掉", "钱"], 5)).toEqual(first);
  });

  it("refuses an operation number its data does not have", () => {
    expect(() => new CjkExamples(DATA, 1, () => [3])).toThrow(/operation 3 of 3/);
  });

  it("stores the numbered words compactly and reads them back the same", () => {
    const packed = packExampleWords([...DATA.words], [...Array.from(DATA.start)], [...Array.from(DATA.ids)]);
    const back = unpackExampleWords(packed);
    if ("error" in back) throw new Error(back.error);
    expect(Array.from(back.start)).toEqual(Array.from(DATA.start));
    expect(Array.from(back.ids)).toEqual(Array.from(DATA.ids));
    expect(() =>
      packExampleWords(
        Array.from({ length: 70_000 }, (_, i) => `w${i}`),
        [0],
        [],
      ),
    ).toThrow(/at most 65536/);
  });

  it("uses BM25's usual saturation by default", () => {
    expect(DEFAULT_CJK_EXAMPLE_USE).toMatchObject({ k1: 1.2, b: 0.75 });
  });
});

// Real lexicons, dictionary, learned tables and training operations.
const docs = [
  { name: "create_refund", description: "Refund a charge to the customer.", server: "pay", parameters: {} },
  { name: "list_customers", description: "List the customers of the account.", server: "pay", parameters: {} },
  { name: "delete_file", description: "Delete a file from the disk.", server: "files", parameters: {} },
  { name: "read_file", description: "Read the contents of a file.", server: "files", parameters: {} },
  { name: "send_email", description: "Send an e-mail message to a recipient.", server: "mail", parameters: {} },
  { name: "create_issue", description: "Create an issue in a repository.", server: "git", parameters: {} },
];
const searcher = (techniques: Partial<SearchTechniques>) => searcherWith(docs, techniques);
const on = searcher({ exemplarscjk: true });
const off = searcher({ exemplarscjk: false });
const scored = (s: LexicalSearcher, query: string) => s.searchScored(query, docs.length);

describe("worked examples in Chinese and Japanese in the search (`exemplarscjk`)", () => {
  it("fuses a Chinese or Japanese request's ranking with its worked examples'", () => {
    for (const q of ["客户说货不对，把钱原路退给他", "このファイルもういらないから消しといて"])
      expect(scored(on, q)).not.toEqual(scored(off, q));
    // The refund's neighbours were asked for in such words: it gains more than the tool that only names customers.
    const lift = (name: string) => {
      const q = "客户说货不对，把钱原路退给他";
      return scored(on, q).find((s) => s.name === name)!.score! - scored(off, q).find((s) => s.name === name)!.score!;
    };
    expect(lift("create_refund")).toBeGreaterThan(lift("list_customers"));
  });

  it("leaves every request without Chinese or Japanese characters as it was", () => {
    for (const q of ["refund the customer", "delete the file", "borrar el archivo", "select:read_file"])
      expect(scored(on, q)).toEqual(scored(off, q));
  });
});
