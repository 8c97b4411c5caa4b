import { describe, expect, it } from "vitest";
import { searcherWith } from "../../../test/support/searchers";
import { englishKeys, katakanaKey, SoundIndex } from "./katakana";
import type { SearchTechniques } from "./techniques";

describe("katakana and English words by their sound", () => {
  it("gives a loanword and its English source one key", () => {
    const pairs: Array<[string, string]> = [
      ["カレンダー", "calendar"], // the r after a vowel is not said
      ["アカウント", "account"],
      ["スクリプト", "script"],
      ["セッション", "session"],
      ["バージョン", "version"], // -sion heard as jon
      ["ラベル", "label"], // l and r are one sound
      ["チェック", "check"],
      ["ブランチ", "branch"],
      ["ワークスペース", "workspac"], // a stem whose -ce lost its e
      ["ページ", "page"],
      ["ファイル", "file"],
    ];
    for (const [kana, english] of pairs) expect(englishKeys(english)).toContain(katakanaKey(kana));
  });

  it("tells different words apart", () => {
    expect(englishKeys("calendar")).not.toContain(katakanaKey("カテゴリー"));
    expect(englishKeys("token")).not.toContain(katakanaKey("タグ"));
  });

  it("has no key for what it cannot read", () => {
    expect(katakanaKey("カレンダ一")).toBe(""); // the last character is the kanji 一, not the long mark
    expect(englishKeys("naïve")).toEqual([]);
  });

  it("finds the catalog's words by sound, and none for a sound too many words share", () => {
    const index = new SoundIndex(["calendar", "event", "token", "script", "sheet", "set", "site", "seat", "suit"], 3);
    expect(index.wordsFor("カレンダー")).toEqual(["calendar"]);
    expect(index.wordsFor("スクリプト")).toEqual(["script"]);
    // シート (sheet) sounds like four of these words: it finds none rather than guess.
    expect(index.wordsFor("シート")).toEqual([]);
    expect(index.wordsFor("メンテナンス")).toEqual([]);
  });
});

describe("katakana loanwords in a search", () => {
  const docs = [
    { name: "list_calendar_events", description: "List the events on a calendar.", server: "cal", parameters: {} },
    { name: "run_script", description: "Run a script on the server.", server: "ops", parameters: {} },
    { name: "list_files", description: "List the files in a folder.", server: "files", parameters: {} },
  ];
  const searcher = (techniques: Partial<SearchTechniques>) => searcherWith(docs, techniques);

  it("finds the tool a katakana word names only with the technique on", () => {
    // The learned readings and worked examples in Chinese and Japanese know this word too: off here, so the test reads this technique alone.
    expect(searcher({ katakana: true, learnedcjk: false, exemplarscjk: false }).search("スクリプト", 1)).toEqual([
      "run_script",
    ]);
    expect(searcher({ katakana: false, learnedcjk: false, exemplarscjk: false }).search("スクリプト", 1)).not.toEqual([
      "run_script",
    ]);
  });

  it("leaves text without katakana as it was", () => {
    const on = searcher({ katakana: true });
    const off = searcher({ katakana: false });
    for (const q of ["run the script", "列出文件", "予定を見せて"])
      expect(on.searchScored(q, 3)).toEqual(off.searchScored(q, 3));
  });
});
