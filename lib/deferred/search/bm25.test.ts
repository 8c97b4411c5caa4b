import { describe, expect, it } from "vitest";
import { Bm25Index, CallTermScores, DEFAULT_BM25 } from "./bm25";
import type { DocFields } from "./fields";
import { TermTable } from "./term-table";

const table = new TermTable();
const none = new Int32Array(0);
const doc = (name: string[], description: string[], asked: string[] = []): DocFields => ({
  name: table.idsOf(name),
  server: none,
  about: none,
  lead: none,
  description: table.idsOf(description),
  paramNames: none,
  paramText: none,
  asked: table.idsOf(asked),
});
const docs = [
  doc(["delet", "file"], ["remov", "a", "file"]),
  doc(["read", "file"], ["read", "file", "content"]),
  doc(["pull", "request"], ["open", "pull", "request"]),
];

describe("Bm25Index", () => {
  const index = new Bm25Index(docs, table);
  const score = (expansions: Array<{ terms: string[]; weight: number }>) => {
    const r = index.score([{ source: "q", expansions }]);
    return docs.map((_, i) => r.scores[i]!);
  };

  it("weighs a match by its field's setting: a name match above a description match when names weigh more", () => {
    const weighted = (name: number, description: number) => {
      const fields = {
        ...DEFAULT_BM25.fields,
        name: { ...DEFAULT_BM25.fields.name, weight: name },
        description: { ...DEFAULT_BM25.fields.description, weight: description },
      };
      const index = new Bm25Index(docs, table, { ...DEFAULT_BM25, fields });
      const at = (term: string) =>
        index.score([{ source: "q", expansions: [{ terms: [term], weight: 1 }] }]).scores[0]!;
      return { name: at("delet"), description: at("remov") };
    };
    const names = weighted(3, 1);
    expect(names.name).toBeGreaterThan(names.description);
    const descriptions = weighted(0.5, 1);
    expect(descriptions.name).toBeLessThan(descriptions.description);
  });

  it("counts a query term once, through its best expansion (max, not sum)", () => {
    const one = score([{ terms: ["delet"], weight: 1 }])[0]!;
    const both = score([
      { terms: ["delet"], weight: 1 },
      { terms: ["remov"], weight: 0.5 },
    ])[0]!;
    expect(both).toBeCloseTo(one);
  });

  it("scores a phrase only where all its words occur", () => {
    const s = score([{ terms: ["pull", "request"], weight: 1 }]);
    expect(s[2]).toBeGreaterThan(0);
    expect(s[0]).toBe(0);
    expect(score([{ terms: ["pull", "file"], weight: 1 }])).toEqual([0, 0, 0]);
  });

  it("resets between searches", () => {
    score([{ terms: ["file"], weight: 1 }]);
    expect(score([{ terms: ["request"], weight: 1 }]).slice(0, 2)).toEqual([0, 0]);
  });

  it("gives the same scores from a memo of earlier terms as from the posting lists", () => {
    const q = (source: string, ...expansions: Array<{ terms: string[]; weight: number }>) => ({ source, expansions });
    const query = [
      q("file", { terms: ["file"], weight: 1 }),
      q("remove", { terms: ["remov"], weight: 1 }, { terms: ["delet"], weight: 0.8 }),
      q("pr", { terms: ["pull", "request"], weight: 1 }),
    ];
    const plain = (terms: typeof query) => {
      const r = index.score(terms);
      return { touched: [...r.touched].sort(), scores: [...r.scores] };
    };
    const memo = new CallTermScores();
    const withMemo = (terms: typeof query) => {
      const r = index.score(terms, memo);
      return { touched: [...r.touched].sort(), scores: [...r.scores] };
    };
    expect(withMemo(query)).toEqual(plain(query));
    // Kept: the terms whose walk is at least twice what they reach (remove: remov and delet meet in one tool; pr:
    // a phrase). Not kept: "file", one posting list, read back no faster than walked.
    expect(memo.size).toBe(2);
    // Read back from the memo: a subset (a clause), the whole again, and a query with one new term.
    expect(withMemo(query.slice(1))).toEqual(plain(query.slice(1)));
    expect(withMemo(query)).toEqual(plain(query));
    const more = [...query, q("read", { terms: ["read"], weight: 0.2 })];
    expect(withMemo(more)).toEqual(plain(more));
    // A term with other weights is another term.
    const lighter = [q("remove", { terms: ["remov"], weight: 0.5 }, { terms: ["delet"], weight: 0.4 })];
    expect(withMemo(lighter)).toEqual(plain(lighter));
    expect(memo.size).toBe(3);
  });

  it("adds more terms to the last result exactly as scoring the longer query does", () => {
    const q = (source: string, ...expansions: Array<{ terms: string[]; weight: number }>) => ({ source, expansions });
    const first = [q("file", { terms: ["file"], weight: 1 }), q("pr", { terms: ["pull", "request"], weight: 1 })];
    const extra = [q("read", { terms: ["read"], weight: 0.2 }), q("open", { terms: ["open"], weight: 0.1 })];
    const whole = index.score([...first, ...extra]);
    const expected = { touched: [...whole.touched], scores: [...whole.scores] };
    index.score(first);
    const extended = index.extend(extra);
    expect({ touched: [...extended.touched], scores: [...extended.scores] }).toEqual(expected);
    // The next search starts from zero again.
    expect(score([{ terms: ["request"], weight: 1 }]).slice(0, 2)).toEqual([0, 0]);
  });
});

describe("Bm25Index without a left-out field", () => {
  const docs = [
    doc(["creat", "refund"], ["refund", "charg"], ["money", "back", "give", "refund"]),
    doc(["list", "custom"], ["list", "custom"], ["who", "buy", "money"]),
    doc(["delet", "branch"], ["remov", "branch"], []),
    doc(["get", "balanc"], ["money", "account"], ["how", "much", "money"]),
  ];
  const full = new Bm25Index(docs, table, DEFAULT_BM25, "asked");
  const without = new Bm25Index(
    docs.map((d) => ({ ...d, asked: none })),
    table,
    DEFAULT_BM25,
  );
  const q = (...words: string[]) => words.map((w) => ({ source: w, expansions: [{ terms: [w], weight: 1 }] }));
  const scores = (index: Bm25Index, query: ReturnType<typeof q>, plain = false) => {
    const r = index.score(query, undefined, plain);
    return [...r.touched].sort().map((d) => [d, r.scores[d]!] as const);
  };

  it("scores a plain query exactly as an index built without that field", () => {
    for (const query of [q("money"), q("refund", "money"), q("give", "back"), q("branch", "remov"), q("how", "much")]) {
      const plain = scores(full, query, true);
      const expected = scores(without, query);
      expect(plain.map(([d]) => d)).toEqual(expected.map(([d]) => d));
      plain.forEach(([, v], i) => {
        expect(v).toBeCloseTo(expected[i]![1], 5);
      });
    }
    // A word only the left-out field holds reaches no document, but stays known to the index.
    expect(scores(full, q("give"), true)).toEqual([]);
    expect(full.docsOf("give", true)).toEqual(new Int32Array([]));
    expect(full.docsOf("give")).toEqual(new Int32Array([0]));
  });

  it("takes out a word the field holds more than once, in every document that holds it", () => {
    const twice = [
      doc(["get", "invoic"], ["invoic"], ["bill", "bill", "money"]),
      doc(["list", "invoic"], ["invoic", "bill"], ["bill"]),
      doc(["pay", "invoic"], ["bill", "money"], ["money", "money", "bill", "bill"]),
    ];
    const withField = new Bm25Index(twice, table, DEFAULT_BM25, "asked");
    const plainIndex = new Bm25Index(
      twice.map((d) => ({ ...d, asked: none })),
      table,
      DEFAULT_BM25,
    );
    for (const query of [q("bill"), q("money"), q("bill", "money", "invoic")]) {
      const got = scores(withField, query, true);
      const expected = scores(plainIndex, query);
      expect(got.map(([d]) => d)).toEqual(expected.map(([d]) => d));
      got.forEach(([, v], i) => {
        expect(v).toBeCloseTo(expected[i]![1], 5);
      });
    }
  });

  it("reads the field for other queries, and equals the plain index where the field holds nothing", () => {
    expect(scores(full, q("give")).map(([d]) => d)).toEqual([0]);
    expect(scores(full, q("money")).length).toBeGreaterThan(scores(full, q("money"), true).length);
    expect(scores(full, q("branch"))).toEqual(scores(full, q("branch"), true));
  });
});
