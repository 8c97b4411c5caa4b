import { describe, expect, it } from "vitest";
import { expandQuery, newTypedWordMemo } from "./expand";
import { getLexicon, scanCjk } from "./lexicon";
import { TRANSLATIONS } from "./lexicon-i18n";

const flat = (q: string) => expandQuery(q).map((t) => t.expansions.map((e) => e.terms.join("+")));

describe("lexicon", () => {
  it("compiles every translation into at least one English concept", () => {
    const lex = getLexicon();
    expect(lex.translations.size).toBe(Object.keys(TRANSLATIONS).length);
    for (const concepts of lex.translations.values()) {
      expect(concepts.length).toBeGreaterThan(0);
      for (const alts of concepts)
        for (const words of alts) expect(words.every((w) => /^[a-z0-9]+$/.test(w))).toBe(true);
    }
  });

  it("scans CJK text longest key first", () => {
    const lex = getLexicon();
    expect(scanCjk("在GitLab上创建合并请求", lex)).toEqual(["创建", "合并请求"]);
    expect(scanCjk("列出目录中的文件", lex)).toEqual(["列出", "目录", "文件"]);
  });
});

describe("expandQuery", () => {
  it("keeps the literal first at weight 1 and adds related words at lower weight", () => {
    const [remove] = expandQuery("remove");
    expect(remove!.expansions[0]).toEqual({ terms: ["remov"], weight: 1 });
    const del = remove!.expansions.find((e) => e.terms[0] === "delet");
    expect(del?.weight).toBeLessThan(1);
  });

  it("expands abbreviations to phrases", () => {
    expect(flat("pr")[0]).toContain("pull+request");
  });

  it("reads a known phrase as one term", () => {
    const terms = expandQuery("logged in on github");
    expect(terms.map((t) => t.source)).toEqual(["log in", "github"]);
  });

  it("translates Chinese, Japanese and German into English terms", () => {
    expect(
      flat("列出目录中的文件")
        .slice(0, 3)
        .map((alts) => alts[0]),
    ).toEqual(["list", "directori", "file"]);
    expect(flat("スレッドに返信").some((alts) => alts.includes("repli"))).toBe(true);
    expect(flat("Datei umbenennen").flat()).toEqual(expect.arrayContaining(["file", "renam", "move"]));
  });

  it("gives the same terms with a typed-word memo, which then hands out one shared term per word", () => {
    const memo = newTypedWordMemo(100);
    const queries = ["remove the file", "Lösche den Pod", "Verschiebe die Datei", "remove it and remove it"];
    const knows = (w: string) => !["losche", "verschiebe", "datei", "pod"].includes(w);
    for (const q of [...queries, ...queries])
      expect(expandQuery(q, getLexicon(), knows, memo)).toEqual(expandQuery(q, getLexicon(), knows));
    expect(expandQuery("remove", getLexicon(), knows, memo)[0]).toBe(
      expandQuery("remove files", getLexicon(), knows, memo)[0],
    );
    expect(memo.foreignKeys.get("losche")).toBe("loschen");
  });

  it("drops stopwords and repeated words", () => {
    expect(expandQuery("the file and the file").map((t) => t.source)).toEqual(["file"]);
  });
});
