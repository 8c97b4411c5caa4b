import { describe, expect, it } from "vitest";
import { searcherWith } from "../../../test/support/searchers";
import { docFields } from "./fields";
import { fuseVectors } from "./reorder";
import type { Scored } from "./scored";
import { DEFAULT_TECHNIQUES } from "./techniques";
import type { SearchDoc } from "./types";
import { TermTable } from "./term-table";
import { nameTerms, terms } from "./tokenize";
import { parseVectorTable, VectorIndex, WordVectors } from "./word-vectors";
import {
  DEFAULT_VECTOR_LEARN,
  learnWordVectors,
  packVectors,
  seeded,
  type VectorExample,
  type VectorOperation,
} from "./word-vectors-learn";

// A small world: three verbs on four objects. Requests say the verb in words no operation uses ("scrap",
// "pull up", "whip up"); only the pairs say which operation word each stands for.
const OBJECTS = ["invoice", "customer", "ticket", "folder"];
const VERBS = [
  { op: "delete", text: "Deletes the", asked: ["scrap the", "bin that", "scrap my"] },
  { op: "get", text: "Gets one", asked: ["pull up the", "show me that", "pull up my"] },
  { op: "create", text: "Creates a new", asked: ["whip up a", "set up a fresh", "whip up another"] },
];
const OPTIONS = { ...DEFAULT_VECTOR_LEARN, dim: 16, epochs: 40, batch: 12, minCount: 1, rate: 0.1 };

function corpus(): { operations: VectorOperation[]; examples: VectorExample[] } {
  const operations: VectorOperation[] = [];
  const examples: VectorExample[] = [];
  for (const v of VERBS)
    for (const o of OBJECTS) {
      const i = operations.push({ name: nameTerms(`${v.op}_${o}`), text: terms(`${v.text} ${o}.`) }) - 1;
      for (const a of v.asked) examples.push({ request: terms(`${a} ${o}`), operation: i });
    }
  return { operations, examples };
}

function indexOf(vectors: WordVectors, tools: string[]): { index: VectorIndex; names: string[] } {
  const table = new TermTable();
  const fields = tools.map((name) => docFields({ name, description: "", parameters: {} }, table));
  return { index: new VectorIndex(fields, table, undefined, vectors), names: tools };
}

describe("learned word vectors", () => {
  const { operations, examples } = corpus();
  const learned = learnWordVectors(operations, examples, OPTIONS);
  const vectors = new WordVectors(packVectors(learned));

  it("puts a request near the operation it asked for, though they share only the object's word", () => {
    const tools = VERBS.flatMap((v) => OBJECTS.map((o) => `${v.op}_${o}`));
    const { index, names } = indexOf(vectors, tools);
    // Every (verb, object) in words the operations never use: the object alone would tie three tools.
    for (const [phrase, verb] of [
      ["scrap the", "delete"],
      ["pull up the", "get"],
      ["whip up a", "create"],
    ] as const)
      for (const o of OBJECTS) expect(names[index.nearest(`${phrase} ${o}`, 1)[0]!.index]).toBe(`${verb}_${o}`);
  });

  it("learns the same table from the same pairs (a seeded shuffle)", () => {
    const again = learnWordVectors(operations, examples, OPTIONS);
    expect(packVectors(again)).toEqual(packVectors(learned));
  });

  it("keeps every cosine when the table is turned onto its principal axes, and puts most length first", () => {
    const plain = learnWordVectors(operations, examples, { ...OPTIONS, principalAxes: false });
    const { dim } = learned;
    const cosine = (v: Float32Array, i: number, j: number) => {
      let d = 0;
      let a = 0;
      let b = 0;
      for (let k = 0; k < dim; k++) {
        d += v[i * dim + k]! * v[j * dim + k]!;
        a += v[i * dim + k]! ** 2;
        b += v[j * dim + k]! ** 2;
      }
      return d / Math.sqrt(a * b);
    };
    const n = learned.words.length;
    for (let i = 0; i < n; i++)
      for (let j = i; j < n; j += 3) expect(cosine(learned.vectors, i, j)).toBeCloseTo(cosine(plain.vectors, i, j), 4);
    // Over the words, the first quarter of the numbers holds more of the length than any later quarter.
    const quarter = (v: Float32Array, q: number) => {
      let s = 0;
      for (let i = 0; i < n; i++) for (let k = (q * dim) / 4; k < ((q + 1) * dim) / 4; k++) s += v[i * dim + k]! ** 2;
      return s;
    };
    for (let q = 1; q < 4; q++) expect(quarter(learned.vectors, 0)).toBeGreaterThan(quarter(learned.vectors, q));
  });

  it("keeps each vector within a byte's rounding when packed", () => {
    const packed = packVectors(learned);
    const loaded = new WordVectors(packed);
    const out = new Float32Array(learned.dim);
    const word = learned.words[0]!;
    loaded.addRow(loaded.rowOfWord(word), 1, out, 0);
    for (let j = 0; j < learned.dim; j++)
      expect(Math.abs(out[j]! - learned.vectors[j]!)).toBeLessThanOrEqual(packed.scales[0]! / 2 + 1e-6);
  });

  it("refuses a table whose bytes do not fit its words", () => {
    const packed = packVectors(learned);
    expect(() => new WordVectors({ ...packed, words: [...packed.words, "extra"] })).toThrow(/learned-vectors\.json/);
  });

  it("names the file and the field when a vectors file is broken", () => {
    const packed = packVectors(learned);
    expect(parseVectorTable(JSON.stringify(packed), "v.json")).toEqual(packed);
    expect(() => parseVectorTable("{", "v.json")).toThrow(/^v\.json: not JSON/);
    expect(() => parseVectorTable(JSON.stringify({ ...packed, dim: "16" }), "v.json")).toThrow(
      /^v\.json: field "dim": /,
    );
    expect(() => parseVectorTable(JSON.stringify({ ...packed, words: [1] }), "v.json")).toThrow(
      /^v\.json: field "words\.0": /,
    );
    expect(() => new WordVectors({ ...packed, dim: 6 })).toThrow(/dim 6 is not a multiple of 4/);
  });

  it("finds nothing for a query none of whose words has a vector", () => {
    const { index } = indexOf(vectors, ["delete_invoice", "get_invoice"]);
    expect(index.nearest("zzqx wobble", 5)).toEqual([]);
    expect(index.nearest("scrap the invoice", 0)).toEqual([]);
  });
});

describe("the nearest-tools scan", () => {
  // 40 words of 16 numbers, the first coordinates larger (as a table turned onto its principal axes is); 300 tools
  // of 1–4 words each, every tool twice, so cosines tie.
  const dim = 16;
  const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
  const random = seeded(11);
  const table = packVectors({
    dim,
    words,
    vectors: Float32Array.from({ length: words.length * dim }, (_, k) => (random() - 0.5) * 8 ** (1 - (k % dim) / dim)),
  });
  const vectors = new WordVectors(table);
  const tools = Array.from({ length: 150 }, (_, t) =>
    Array.from({ length: 1 + (t % 4) }, (_, k) => words[(t * 7 + k * 13) % words.length]).join("_"),
  ).flatMap((name) => [name, name]);
  const { index } = indexOf(vectors, tools);

  /** Every tool's cosine summed in the scan's order, the `depth` best kept, ties in catalog order. */
  function fullScan(query: string[], depth: number): Array<{ index: number; score: number }> {
    const q = new Float32Array(dim);
    vectors.embedInto(query, q);
    const own = new Float32Array(dim);
    const all = tools.map((name, i) => {
      vectors.embedInto(name.split("_"), own);
      const sums = [0, 0, 0, 0];
      for (let j = 0; j < dim; j += 4) for (let k = 0; k < 4; k++) sums[k]! += q[j + k]! * own[j + k]!;
      return { index: i, score: sums[0]! + sums[1]! + sums[2]! + sums[3]! };
    });
    return all.sort((a, b) => b.score - a.score).slice(0, depth);
  }

  it("keeps exactly what a full scan keeps, in the same order with the same cosines", () => {
    for (let q = 0; q < 60; q++) {
      const query = Array.from({ length: 1 + (q % 5) }, (_, k) => words[(q * 11 + k * 17) % words.length]!);
      for (const depth of [1, 5, 30, 299, 400])
        expect(index.nearestWords(query, depth)).toEqual(fullScan(query, depth));
    }
  });
});

describe("fusing the nearest tools into a ranking", () => {
  const names = ["a", "b", "c", "d"];
  const ranked: Scored[] = [
    { index: 0, name: "a", score: 10 },
    { index: 1, name: "b", score: 6 },
  ];

  it("lifts the nearest by up to weight × the best score, the last of them by nothing", () => {
    const near = [
      { index: 2, score: 0.9 },
      { index: 1, score: 0.6 },
      { index: 3, score: 0.3 },
    ];
    const fused = fuseVectors(ranked, near, 0.5, (i) => names[i]!, 4);
    // c: 0 + 0.5 × 10 × 1; b: 6 + 0.5 × 10 × 0.5; d: 0 + 0.
    expect(fused.map((s) => [s.name, s.score])).toEqual([
      ["a", 10],
      ["b", 8.5],
      ["c", 5],
      ["d", 0],
    ]);
  });

  it("leaves a ranking with nothing in it empty: the vectors do not answer a query no word matched", () => {
    expect(fuseVectors([], [{ index: 2, score: 0.9 }], 0.5, (i) => names[i]!, 4)).toEqual([]);
  });

  it("keeps the limit", () => {
    const near = [{ index: 3, score: 0.9 }];
    expect(fuseVectors(ranked, near, 0.5, (i) => names[i]!, 1).map((s) => s.name)).toEqual(["a"]);
  });
});

describe("the vectors switch in the ranked search (the shipped table)", () => {
  const docs: SearchDoc[] = [
    ["delete_branch", "Delete a branch of a repository."],
    ["create_branch", "Create a branch in a repository."],
    ["list_commits", "List the commits of a branch."],
    ["send_message", "Send a message to a chat channel."],
    ["read_file", "Read the contents of a file."],
  ].map(([name, description]) => ({ name: name!, description: description!, parameters: {} }));
  const searcher = (vectors: boolean) => searcherWith(docs, { vectors, vectorscjk: false });
  const off = searcher(false);
  const on = searcher(true);

  it("is on by default", () => {
    expect(DEFAULT_TECHNIQUES.vectors).toBe(true);
  });

  it("only adds to a result's score: what the words found keeps at least its score", () => {
    for (const q of ["get rid of the old feature branch", "what is inside this file", "tell the team channel"]) {
      const before = off.searchScored(q, 5);
      const after = new Map(on.searchScored(q, 5).map((r) => [r.name, r.score!]));
      expect(before.length).toBeGreaterThan(0);
      const best = before[0]!;
      expect(after.get(best.name) ?? 0).toBeGreaterThanOrEqual(best.score!);
    }
  });

  it("answers nothing the words did not find, and leaves other languages alone (their own vectors are `vectorscjk`)", () => {
    expect(on.search("zzqx wobble", 5)).toEqual([]);
    expect(on.searchScored("删除分支", 5)).toEqual(off.searchScored("删除分支", 5));
  });
});
