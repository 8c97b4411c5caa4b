import { describe, expect, it } from "vitest";
import { stem } from "./stem";
import { fold, nameTerms, rawTokens, splitIdentifier, terms } from "./tokenize";

describe("splitIdentifier", () => {
  it("splits camelCase, PascalCase and acronyms", () => {
    expect(splitIdentifier("getURLInfo")).toEqual(["get", "URL", "Info"]);
    expect(splitIdentifier("pullNumber")).toEqual(["pull", "Number"]);
    expect(splitIdentifier("lowercase")).toEqual(["lowercase"]);
  });
  it("keeps short letter+digit names whole and adds the word of long ones", () => {
    expect(splitIdentifier("r2")).toEqual(["r2"]);
    expect(splitIdentifier("k8s")).toEqual(["k8s"]);
    expect(splitIdentifier("base64")).toEqual(["base64", "base"]);
  });
});

describe("rawTokens / terms", () => {
  it("splits names on _ - camelCase", () => {
    expect(nameTerms("API-post-page")).toEqual(["api", "post", "page"]);
    expect(rawTokens("list_directory_with_sizes").map((t) => t.text)).toEqual(["list", "directory", "with", "sizes"]);
  });
  it("drops stopwords and stems in the index pipeline", () => {
    expect(terms("Creates the files in a directory")).toEqual(["creat", "file", "directori"]);
  });
  it("segments Chinese and Japanese with Intl.Segmenter", () => {
    expect(rawTokens("列出目录中的文件").map((t) => t.text)).toEqual(["列出", "目录", "中的", "文件"]);
    const ja = rawTokens("Slackのスレッドに返信する");
    expect(ja[0]).toEqual({ text: "slack", cjk: false });
    expect(ja.filter((t) => t.cjk).map((t) => t.text)).toContain("スレッド");
  });
  it("folds case, width and accents; one curly quote does not change the rest", () => {
    expect(fold("Löschen")).toBe("loschen");
    expect(rawTokens("Ｃréer ‘files’").map((t) => t.text)).toEqual(["creer", "files"]);
  });
});

describe("stem", () => {
  it("conflates the forms of a word", () => {
    for (const group of [
      ["create", "creates", "created", "creating", "creation"],
      ["migration", "migrate", "migrations"],
      ["entries", "entry"],
      ["deploy", "deployment", "deployments"],
    ]) {
      expect(new Set(group.map(stem)).size).toBe(1);
    }
  });
  it("leaves short words and non-letters alone", () => {
    expect(stem("set")).toBe("set");
    expect(stem("r2")).toBe("r2");
    expect(stem("server")).not.toBe(stem("serve"));
  });
});
