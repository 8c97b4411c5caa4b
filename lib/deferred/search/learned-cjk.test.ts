import { describe, expect, it } from "vitest";
import { searcherWith } from "../../../test/support/searchers";
import { packExampleWords } from "./cjk-examples";
import { getExemplars } from "./exemplars";
import { cjkWordsOnly, getLearnedCjk, LearnedCjk, parseLearnedCjk } from "./learned-cjk";
import type { SearchTechniques } from "./techniques";
import type { LexicalSearcher } from "./searcher";

const vocabulary = (words: string[]) => new Set(words);

describe("learned Chinese and Japanese word translations (the table)", () => {
  const table = new LearnedCjk({
    删掉: [
      ["delet", 1],
      ["purg", 0.4],
    ],
    一覧: [["list", 0.9]],
  });

  it("gives a word's translations the catalog uses, each at weight × strength", () => {
    expect(table.expansions("删掉", vocabulary(["delet", "file"]), { weight: 0.5 })).toEqual([
      { terms: ["delet"], weight: 0.5 },
    ]);
    expect(table.expansions("删掉", vocabulary(["delet", "purg"]), { weight: 1 })).toEqual([
      { terms: ["delet"], weight: 1 },
      { terms: ["purg"], weight: 0.4 },
    ]);
  });

  it("gives nothing for a word it does not know, an inherited property's name, or weight 0", () => {
    const catalog = vocabulary(["delet", "list"]);
    expect(table.expansions("文件", catalog)).toEqual([]);
    expect(table.expansions("constructor", catalog)).toEqual([]);
    expect(table.expansions("一覧", catalog, { weight: 0 })).toEqual([]);
  });

  it("keeps only words written in Chinese or Japanese characters", () => {
    expect(
      Object.keys(
        cjkWordsOnly({
          slack: [["slack", 1]],
          删除: [["delet", 1]],
          消し: [["delet", 1]],
          api请求: [["request", 1]],
        }),
      ).sort(),
    ).toEqual(["api请求", "删除", "消し"].sort());
  });

  it("names the file and the field of a table it cannot read", () => {
    expect(() => parseLearnedCjk("{", "t.json")).toThrow(/^t\.json: not JSON/);
    expect(() => parseLearnedCjk('{"table":{"删除":[["delet",2]]}}', "t.json")).toThrow(
      /^t\.json: field "table\.删除\.0\.1": /,
    );
  });

  it("names what is wrong with the worked examples' words", () => {
    const file = (examples: object) => JSON.stringify({ table: {}, examples });
    const good = packExampleWords(["钱", "退"], [0, 2, 3], [0, 1, 1]);
    expect(parseLearnedCjk(file(good), "t.json").examples.words).toEqual(["钱", "退"]);
    expect(() => parseLearnedCjk(file({ ...good, start: packExampleWords([], [0, 2], []).start }), "t.json")).toThrow(
      /^t\.json: field "examples\.start": does not run from 0 to the 3 ids/,
    );
    expect(() => parseLearnedCjk(file({ ...good, words: ["钱"] }), "t.json")).toThrow(
      /^t\.json: field "examples\.ids": 1 is past the 1 words/,
    );
    expect(() => parseLearnedCjk(file({ ...good, ids: "AA" }), "t.json")).toThrow(
      /^t\.json: field "examples\.ids": not 16-bit numbers/,
    );
  });

  it("ships the worked examples' words for every training operation, in the worked examples' order", () => {
    const { examples } = getLearnedCjk();
    expect(examples.start.length - 1).toBe(getExemplars().operations);
    expect(examples.ids.length).toBeGreaterThan(100_000);
  });

  it("ships a table learned from Chinese, traditional Chinese and Japanese requests", () => {
    const shipped = getLearnedCjk();
    const catalog = vocabulary(["delet", "list", "stop"]);
    // Simplified, its traditional form (learned from the requests converted with OpenCC), and Japanese.
    for (const word of ["删掉", "刪掉", "消し"]) expect(shipped.expansions(word, catalog)[0]?.terms).toEqual(["delet"]);
    expect(shipped.expansions("一覧", catalog)[0]?.terms).toEqual(["list"]);
  });
});

// Real lexicons, dictionary and learned tables.
const docs = [
  { name: "kill_process", description: "Terminate a running process by its PID.", server: "proc", parameters: {} },
  { name: "list_processes", description: "List running processes.", server: "proc", parameters: {} },
  { name: "delete_file", description: "Delete a file from the disk.", server: "files", parameters: {} },
  { name: "read_file", description: "Read the contents of a file.", server: "files", parameters: {} },
  { name: "send_email", description: "Send an e-mail message to a recipient.", server: "mail", parameters: {} },
  { name: "create_issue", description: "Create an issue in a repository.", server: "git", parameters: {} },
];
const searcher = (techniques: Partial<SearchTechniques>) => searcherWith(docs, techniques);
const on = searcher({ learnedcjk: true });
const off = searcher({ learnedcjk: false });
const scored = (s: LexicalSearcher, query: string) => s.searchScored(query, docs.length);

describe("learned Chinese and Japanese word translations in the search (`learnedcjk`)", () => {
  it("reads a Chinese or Japanese request's words through the table", () => {
    for (const q of ["把那个卡死的程序删掉", "あのファイル、もういらないから消しといて"])
      expect(scored(on, q)).not.toEqual(scored(off, q));
    expect(on.search("あのファイル、もういらないから消しといて", 1)).toEqual(["delete_file"]);
  });

  it("reads them as another reading of words already counted: the match share is the same as without them", () => {
    for (const q of ["把那个卡死的程序删掉", "あのファイル、もういらないから消しといて"])
      for (const d of docs) expect(on.matchShare(q, d.name)).toBe(off.matchShare(q, d.name));
  });

  it("leaves every request without Chinese or Japanese characters as it was", () => {
    for (const q of ["delete the file", "stop the stuck process", "borrar el archivo", "löschen"])
      expect(scored(on, q)).toEqual(scored(off, q));
  });
});
