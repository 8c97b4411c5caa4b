import { describe, expect, it } from "vitest";
import { DEFAULT_EXEMPLAR_USE, deriveExemplars, ExemplarIndex, getExemplars } from "./exemplars";
import { docFields } from "./fields";
import { DEFAULT_RANKER } from "./ranker-config";
import { LexicalSearcher } from "./searcher";
import { TermTable } from "./term-table";
import { nameTerms } from "./tokenize";

const EXAMPLES = [
  {
    name: "refund_payment",
    text: "Refunds a completed payment.",
    requests: ["give the buyer their money back", "send the money back to that customer", "money back please"],
  },
  {
    name: "delete_branch",
    text: "Deletes a branch from a repository.",
    requests: ["ditch the stale branch", "throw away my old line of work"],
  },
  { name: "list_invoices", text: "Lists invoices.", requests: ["what bills did we send this month"] },
];

describe("deriveExemplars", () => {
  it("keeps per operation its name terms, its other description terms and its requests' terms, most used first", () => {
    const data = deriveExemplars(EXAMPLES);
    const words = (ids: number[]) => ids.map((id) => data.words[id]);
    expect(data.name.map(words)).toEqual([
      ["refund", "payment"],
      ["delet", "branch"],
      ["list", "invoic"],
    ]);
    // The description's terms without the name's.
    expect(words(data.text[0]!)).not.toContain("refund");
    expect(words(data.text[0]!)).toContain("complet");
    // "money" and "back" are used three times each, before any word used once; repeats stay grouped.
    expect(words(data.asked[0]!).slice(0, 6)).toEqual(["money", "money", "money", "back", "back", "back"]);
    // Each word numbered once.
    expect(new Set(data.words).size).toBe(data.words.length);
  });
});

describe("ExemplarIndex.askedFor", () => {
  const index = new ExemplarIndex(deriveExemplars(EXAMPLES));
  const askedFor = (name: string) => index.askedFor(nameTerms(name));

  it("lends a tool the words people used to ask for the operation most like it", () => {
    const asked = askedFor("create_refund");
    expect(asked).toContain("money");
    expect(asked).toContain("buyer");
    expect(asked).not.toContain("stale");
  });

  it("lends nothing from an operation that holds too few of the tool's name words, nor to a tool it knows no word of", () => {
    // delete_branch and list_invoices each hold one of delete_invoices' two name words: half, enough by default.
    expect(askedFor("delete_invoices")).toContain("ditch");
    const strict = { ...DEFAULT_EXEMPLAR_USE, minNameShare: 1 };
    expect(index.askedFor(nameTerms("delete_invoices"), strict)).toEqual([]);
    expect(askedFor("launch_rocket")).toEqual([]);
  });

  it("counts a word at most maxRepeats times and keeps at most maxWords distinct words", () => {
    const use = { ...DEFAULT_EXEMPLAR_USE, maxRepeats: 2, maxWords: 3 };
    const asked = index.askedFor(nameTerms("refund_payment"), use);
    expect(new Set(asked).size).toBe(3);
    expect(asked.filter((w) => w === "money")).toHaveLength(2);
  });

  it("names the operations that lend (neighboursFor), nearest first, and leaves no state behind", () => {
    // refund_payment is the one operation sharing create_refund's name words; delete_invoices reaches two.
    expect(index.neighboursFor(nameTerms("create_refund"))).toEqual([0]);
    expect(index.neighboursFor(nameTerms("delete_invoices")).sort()).toEqual([1, 2]);
    expect(index.neighboursFor(nameTerms("launch_rocket"))).toEqual([]);
    const strict = { ...DEFAULT_EXEMPLAR_USE, minNameShare: 1 };
    expect(index.neighboursFor(nameTerms("delete_invoices"), strict)).toEqual([]);
    // The words lent are still those of the same operations.
    expect(askedFor("create_refund")).toContain("money");
  });

  it("is deterministic and leaves no state behind between calls", () => {
    const first = askedFor("create_refund");
    askedFor("delete_branch");
    expect(askedFor("create_refund")).toEqual(first);
  });

  it("finds the nearest operations the same way when every name word is common (their best are known ahead)", () => {
    // 120 operations say "get", 120 say "user" (60 say both): more than a word's list is walked for.
    const many = Array.from({ length: 180 }, (_, i) => ({
      name: i < 120 ? (i >= 60 ? "get_user" : "get_thing") : "delete_user",
      // Every operation but two has a long description, which weakens its name words.
      text: i === 37 || i === 90 || i === 91 ? "" : "does this and that with some other words around it too",
      requests: [`word${i}`],
    }));
    const common = new ExemplarIndex(deriveExemplars(many));
    const one = { ...DEFAULT_EXEMPLAR_USE, neighbours: 1 };
    // "get" alone: the shortest operations that say it weigh most; of two equal, the first.
    expect(common.askedFor(["get"], one)).toEqual(["word37", "word"]);
    // "get user": 90 and 91 say both in the fewest words; 90 comes first.
    expect(common.askedFor(["get", "user"], one)).toEqual(["word90", "word"]);
    expect(common.askedFor(["user", "get"], { ...one, neighbours: 2 })).toEqual(["word90", "word", "word", "word91"]);
  });

  it("refuses data whose lists do not line up", () => {
    expect(() => new ExemplarIndex({ words: ["a"], name: [[0]], text: [], asked: [] })).toThrow(/uneven/);
  });
});

describe("the exemplars technique in the ranker", () => {
  const docs = [
    { name: "create_refund", description: "Create a refund for a charge.", parameters: {} },
    { name: "list_customers", description: "List the customers of the account.", parameters: {} },
    { name: "get_customer", description: "Get one customer.", parameters: {} },
  ];
  it("finds a tool by words only the shipped worked examples connect to it", () => {
    const on = new LexicalSearcher(docs, {
      ...DEFAULT_RANKER,
      techniques: { ...DEFAULT_RANKER.techniques, exemplars: true },
    });
    // The shipped training data were asked for refunds in these words; the tool's own text holds none of them.
    const table = new TermTable();
    expect(table.textsOf(docFields(docs[0]!, table).description)).not.toContain("money");
    expect(getExemplars().askedFor(nameTerms("create_refund"))).toContain("money");
    expect(on.search("give the customer their money back", 1)).toEqual(["create_refund"]);
  });
});

describe("a query in another language reads no borrowed words", () => {
  const docs = [
    { name: "create_refund", description: "Create a refund for a charge.", parameters: {} },
    { name: "list_customers", description: "List the customers of the account.", parameters: {} },
    { name: "get_balance", description: "Get the account balance.", parameters: {} },
  ];
  const techniques = (exemplars: boolean) => ({
    ...DEFAULT_RANKER,
    techniques: { ...DEFAULT_RANKER.techniques, exemplars },
  });
  const on = new LexicalSearcher(docs, techniques(true));
  const off = new LexicalSearcher(docs, techniques(false));
  it("ranks and scores it as the search without the technique does, whether translated or only accented", () => {
    for (const query of ["devolver el dinero al cliente", "列出所有客户", "zurückgeben money"]) {
      const [a, b] = [on.searchScored(query, 3), off.searchScored(query, 3)];
      expect(a.map((r) => r.name)).toEqual(b.map((r) => r.name));
      // Equal but for the 32-bit rounding of scores read back without the borrowed words.
      a.forEach((r, i) => {
        expect(r.score!).toBeCloseTo(b[i]!.score!, 5);
      });
    }
    // The same words in English do read them.
    expect(on.searchScored("give the money back", 3)).not.toEqual(off.searchScored("give the money back", 3));
  });
});
