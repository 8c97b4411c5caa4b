import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { REPO_ROOT } from "../../../test/support/repo";
import { searcherWith } from "../../../test/support/searchers";
import { docFields } from "./fields";
import { DEFAULT_TECHNIQUES, type SearchTechniques } from "./techniques";
import type { LexicalSearcher } from "./searcher";
import { TermTable } from "./term-table";
import { HAS_CJK, nameTerms, terms } from "./tokenize";
import type { SearchDoc } from "./types";
import { CJK_VECTORS_FILE, getWordVectors, parseVectorTable, VectorIndex, WordVectors } from "./word-vectors";
import {
  CJK_VECTOR_LEARN,
  DEFAULT_VECTOR_LEARN,
  learnVectorsToward,
  learnWordVectors,
  packVectors,
  type VectorExample,
  type VectorOperation,
} from "./word-vectors-learn";

// A small world: three verbs on four objects, each operation asked for in English words it uses, and in Chinese and
// Japanese words no English table knows: only the pairs say which operation each stands for.
const OBJECTS = [
  { en: "invoice", zh: "发票", ja: "請求書" },
  { en: "customer", zh: "客户", ja: "顧客" },
  { en: "ticket", zh: "工单", ja: "チケット" },
  { en: "folder", zh: "文件夹", ja: "フォルダ" },
];
const VERBS = [
  { op: "delete", text: "Deletes the", zh: ["删掉", "去掉"], ja: ["消して", "削除"] },
  { op: "get", text: "Gets one", zh: ["看看", "查看"], ja: ["見せて", "表示"] },
  { op: "create", text: "Creates a new", zh: ["新建", "建个"], ja: ["作って", "作成"] },
];
const TOOLS = VERBS.flatMap((v) => OBJECTS.map((o) => `${v.op}_${o.en}`));

function world(): { operations: VectorOperation[]; english: VectorExample[]; cjk: VectorExample[] } {
  const operations: VectorOperation[] = [];
  const english: VectorExample[] = [];
  const cjk: VectorExample[] = [];
  for (const v of VERBS)
    for (const o of OBJECTS) {
      const i = operations.push({ name: nameTerms(`${v.op}_${o.en}`), text: terms(`${v.text} ${o.en}.`) }) - 1;
      english.push({ request: terms(`${v.op} the ${o.en}`), operation: i });
      for (const w of [...v.zh, ...v.ja]) cjk.push({ request: [w, o.zh, o.ja], operation: i });
      cjk.push({ request: [v.zh[0]!, o.zh], operation: i }, { request: [o.ja, v.ja[0]!], operation: i });
    }
  return { operations, english, cjk };
}

const { operations, english, cjk } = world();
const table = new WordVectors(
  packVectors(
    learnWordVectors(operations, english, {
      ...DEFAULT_VECTOR_LEARN,
      dim: 16,
      epochs: 40,
      batch: 12,
      minCount: 1,
      rate: 0.1,
    }),
  ),
);
// The operations' vectors as the English table makes them: the fixed side the Chinese and Japanese words are fitted to.
const targets = new Float32Array(operations.length * table.dim);
operations.forEach((o, i) => {
  const unit = new Float32Array(table.dim);
  table.embedInto([...o.name, ...o.name, ...o.text], unit);
  targets.set(unit, i * table.dim);
});
const OPTIONS = { ...CJK_VECTOR_LEARN, epochs: 60, batch: 12, minCount: 1, rate: 0.1, scale: 12, axes: table.dim };

function index(): VectorIndex {
  const terms_ = new TermTable();
  const fields = TOOLS.map((name) => docFields({ name, description: "", parameters: {} }, terms_));
  return new VectorIndex(fields, terms_, undefined, table);
}

describe("learned vectors for Chinese and Japanese words (the learning)", () => {
  const learned = learnVectorsToward(targets, table.dim, cjk, OPTIONS);
  const words = new WordVectors(packVectors(learned), "cjk.json");

  it("puts a request in those words near its operation in the English table's space", () => {
    const near = index();
    for (const v of VERBS)
      for (const o of OBJECTS) {
        expect(TOOLS[near.nearestWords([v.zh[1]!, o.zh], 1, words)[0]!.index]).toBe(`${v.op}_${o.en}`);
        expect(TOOLS[near.nearestWords([o.ja, v.ja[1]!], 1, words)[0]!.index]).toBe(`${v.op}_${o.en}`);
      }
  });

  it("leaves the English table as it was: its words still find their tools", () => {
    expect(TOOLS[index().nearestWords(terms("delete the ticket"), 1)[0]!.index]).toBe("delete_ticket");
  });

  it("learns the same vectors from the same requests (a seeded shuffle), sorted, each word seen minCount times", () => {
    expect(packVectors(learnVectorsToward(targets, table.dim, cjk, OPTIONS))).toEqual(packVectors(learned));
    expect(learned.words).toEqual([...learned.words].sort());
    const rare = learnVectorsToward(targets, table.dim, cjk, { ...OPTIONS, minCount: 9 });
    // Each object's words are in 15 requests, each verb's in 4 or 8: only the objects' are kept.
    expect(rare.words.sort()).toEqual(OBJECTS.flatMap((o) => [o.zh, o.ja]).sort());
  });

  it("fits only the first `axes` numbers when asked, and a search reads only those of each tool", () => {
    const half = learnVectorsToward(targets, table.dim, cjk, { ...OPTIONS, axes: table.dim / 2 });
    expect(half.dim).toBe(table.dim / 2);
    expect(half.vectors.length).toBe(half.words.length * (table.dim / 2));
    const near = index();
    const halfWords = new WordVectors(packVectors(half), "cjk.json");
    let found = 0;
    for (const v of VERBS)
      for (const o of OBJECTS)
        if (TOOLS[near.nearestWords([v.zh[1]!, o.zh], 1, halfWords)[0]!.index] === `${v.op}_${o.en}`) found++;
    // Half the axes hold most of a vector here too: most requests still land nearest their own tool.
    expect(found).toBeGreaterThanOrEqual(9);
  });

  it("refuses axes that are not a multiple of 4 from 4 to the targets' numbers, naming them", () => {
    for (const axes of [0, 6, table.dim + 4])
      expect(() => learnVectorsToward(targets, table.dim, cjk, { ...OPTIONS, axes })).toThrow(
        `axes ${axes}: a multiple of 4 from 4 to the targets' ${table.dim} is needed`,
      );
  });

  it("refuses a request whose operation has no vector, naming it", () => {
    expect(() => learnVectorsToward(targets, table.dim, [{ request: ["发票"], operation: operations.length }])).toThrow(
      `operation ${operations.length} has no target (${operations.length} targets)`,
    );
  });
});

describe("the nearest tools through a table of fewer numbers than the tools'", () => {
  // The same words twice: 8 numbers each, and the same 8 followed by 8 zeros.
  const words = ["甲", "乙", "丙"];
  const rows = words.map((_, w) => Float32Array.from({ length: 8 }, (_, j) => Math.sin(3 * w + j + 1)));
  const table = (dim: number) =>
    new WordVectors(
      packVectors({
        dim,
        words,
        vectors: Float32Array.from(rows.flatMap((r) => [...r, ...Array<number>(dim - 8).fill(0)])),
      }),
      `t${dim}.json`,
    );

  it("reads the first numbers of each tool alone, as a whole scan with the rest of the query zero would", () => {
    const near = index();
    for (const query of [["甲"], ["乙", "丙"], words])
      expect(near.nearestWords(query, 5, table(8))).toEqual(near.nearestWords(query, 5, table(16)));
  });

  it("refuses a table of more numbers than the tools', naming its file and both", () => {
    expect(() => index().nearestWords(["甲"], 5, table(20))).toThrow(
      "t20.json: word vectors of 20 numbers cannot be read against tools of 16",
    );
  });
});

describe("learned vectors for Chinese and Japanese words (the shipped table)", () => {
  const text = readFileSync(path.join(REPO_ROOT, CJK_VECTORS_FILE), "utf8");
  const shipped = parseVectorTable(text, CJK_VECTORS_FILE);

  it("holds only words written in Chinese or Japanese script, in the first axes of the English table's space", () => {
    expect(shipped.words.length).toBeGreaterThan(5_000);
    expect(shipped.words.every((w) => HAS_CJK.test(w))).toBe(true);
    expect(shipped.dim).toBe(CJK_VECTOR_LEARN.axes);
    expect(shipped.dim).toBeLessThan(getWordVectors().dim);
  });

  it("knows simplified, traditional and Japanese words", () => {
    for (const w of ["删除", "刪除", "削除"]) expect(shipped.words).toContain(w);
  });

  it("names its file when it is broken", () => {
    expect(() => parseVectorTable(JSON.stringify({ ...shipped, scales: "x" }), CJK_VECTORS_FILE)).toThrow(
      /learned-cjk-vectors\.json: field "scales"/,
    );
    expect(() => new WordVectors({ ...shipped, words: [...shipped.words, "多余"] }, CJK_VECTORS_FILE)).toThrow(
      /^lib.deferred.search.learned-cjk-vectors\.json: /,
    );
  });
});

describe("learned vectors for Chinese and Japanese words in the search (`vectorscjk`)", () => {
  const docs: SearchDoc[] = [
    ["delete_file", "Delete a file from the workspace."],
    ["read_file", "Read the contents of a file."],
    ["create_refund", "Create a refund for a charge."],
    ["list_customers", "List the customers of an account."],
    ["send_email", "Send an e-mail message to a recipient."],
    ["create_issue", "Create an issue in a repository."],
    ["restart_service", "Restart a running service."],
  ].map(([name, description]) => ({ name: name!, description: description!, parameters: {} }));
  const searcher = (techniques: Partial<SearchTechniques>) => searcherWith(docs, techniques);
  const on = searcher({ vectorscjk: true });
  const off = searcher({ vectorscjk: false });
  const scored = (s: LexicalSearcher, query: string) => s.searchScored(query, docs.length);
  const REQUESTS = [
    "客户说货不对，把钱原路退给他",
    "那个服务卡住了，帮我重新拉起来",
    "このファイルもういらないから消しといて",
  ];

  it("is on by default", () => {
    expect(DEFAULT_TECHNIQUES.vectorscjk).toBe(true);
  });

  it("scans the tools once a request: its own vectors take the place of its translation's", () => {
    const scan = vi.spyOn(VectorIndex.prototype, "nearestWords");
    try {
      const fresh = searcher({ vectorscjk: true, translated: true });
      for (const q of REQUESTS) {
        scan.mockClear();
        fresh.search(q, 5);
        expect(scan).toHaveBeenCalledTimes(1);
        expect(scan.mock.calls[0]![2]).toBeInstanceOf(WordVectors);
      }
      // Off, the translation's words are scanned (the English table, no third argument).
      scan.mockClear();
      off.search(REQUESTS[0]!, 5);
      expect(scan).toHaveBeenCalledTimes(1);
      expect(scan.mock.calls[0]![2]).toBeUndefined();
    } finally {
      scan.mockRestore();
    }
  });

  it("fuses a Chinese or Japanese request's nearest tools into its ranking", () => {
    for (const q of REQUESTS) expect(scored(on, q)).not.toEqual(scored(off, q));
    // The nearest tool gains the most: "get rid of that file" is nearest delete_file.
    const q = "このファイルもういらないから消しといて";
    const before = new Map(scored(off, q).map((r) => [r.name, r.score!]));
    const lifts = scored(on, q).map((r) => ({ name: r.name, lift: r.score! - (before.get(r.name) ?? 0) }));
    expect(lifts.sort((a, b) => b.lift - a.lift)[0]!.name).toBe("delete_file");
  });

  it("leaves every request without Chinese or Japanese characters as it was", () => {
    for (const q of ["refund the customer", "restart the stuck service", "borrar el archivo", "select:read_file"])
      expect(scored(on, q)).toEqual(scored(off, q));
  });

  it("reads the tools' vectors: with `vectors` off it changes nothing", () => {
    for (const q of REQUESTS)
      expect(scored(searcher({ vectors: false, vectorscjk: true }), q)).toEqual(
        scored(searcher({ vectors: false, vectorscjk: false }), q),
      );
  });
});
