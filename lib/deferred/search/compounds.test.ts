import { describe, expect, it } from "vitest";
import { addCompoundParts, compoundParts, DEFAULT_COMPOUND_USE, joinedTerms, wordnetKnows } from "./compounds";
import { type DocFields, FIELD_NAMES } from "./fields";
import { DEFAULT_RANKER } from "./ranker-config";
import { NO_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import { TermTable } from "./term-table";
import type { SearchDoc } from "./types";
import { getWordnet } from "./wordnet";

/** Documents of stemmed terms, each all in its description field. */
function catalog(docs: string[][]): { fields: DocFields[]; table: TermTable } {
  const table = new TermTable();
  const fields = docs.map((terms) => {
    const f = Object.fromEntries(FIELD_NAMES.map((n) => [n, new Int32Array(0)])) as DocFields;
    f.description = table.idsOf(terms);
    return f;
  });
  return { fields, table };
}

/** The splits found, spelled: compound → "part + part". */
function splits(
  docs: string[][],
  serverOf: number[],
  isWord: (t: string) => boolean = () => false,
  use = DEFAULT_COMPOUND_USE,
): Record<string, string> {
  const { fields, table } = catalog(docs);
  const out: Record<string, string> = {};
  for (const [w, [a, b]] of compoundParts(fields, table, serverOf, isWord, use))
    out[table.texts[w]!] = `${table.texts[a]} + ${table.texts[b]}`;
  return out;
}

describe("compoundParts (Koehn and Knight's rule over the catalog's servers)", () => {
  // One server writes "filepath" on all its tools; four others write "file" and "path" apart.
  const docs = [
    ["filepath", "cell"],
    ["filepath", "row"],
    ["filepath", "sheet"],
    ["file", "path"],
    ["file"],
    ["path", "file"],
    ["file", "path"],
  ];
  const serverOf = [0, 0, 0, 1, 2, 3, 4];

  it("splits a compound whose parts more servers use than the compound, however often its own server writes it", () => {
    expect(splits(docs, serverOf)).toEqual({ filepath: "file + path" });
  });

  it("leaves a compound alone when as many servers use it as its parts (geometric mean), and counts tools without a server each on its own", () => {
    expect(splits([["filepath"], ["filepath"], ["file"], ["path"]], [0, 1, 2, 3])).toEqual({});
    // Without servers each tool counts alone: 3 use the compound, 4 and 4 its parts.
    expect(splits(docs, [-1, -1, -1, -1, -1, -1, -1])).toEqual({ filepath: "file + path" });
  });

  it("never splits a word of its own, or into a part shorter than the shortest", () => {
    expect(splits(docs, serverOf, (t) => t === "filepath")).toEqual({});
    const short = [["permiss"], ["per"], ["per"], ["miss"], ["miss"]];
    expect(splits(short, [0, 1, 2, 3, 4])).toEqual({});
    expect(splits(short, [0, 1, 2, 3, 4], () => false, { ...DEFAULT_COMPOUND_USE, minPart: 3 })).toEqual({
      permiss: "per + miss",
    });
  });

  it("reads a second part that lost its final e to the stemmer ('datastor' = data + store)", () => {
    const stemmed = [["datastor"], ["data", "store"], ["data", "store"], ["store", "data"]];
    expect(splits(stemmed, [0, 1, 2, 3])).toEqual({ datastor: "data + store" });
  });
});

describe("addCompoundParts", () => {
  it("puts the parts after each compound, as often as it is written, in every field", () => {
    const { fields, table } = catalog([["open", "filepath", "now", "filepath"]]);
    fields[0]!.name = table.idsOf(["filepath"]);
    addCompoundParts(fields, new Map([[table.find("filepath"), [table.id("file"), table.id("path")]]]));
    expect(table.textsOf(fields[0]!.description)).toEqual([
      "open",
      "filepath",
      "file",
      "path",
      "now",
      "filepath",
      "file",
      "path",
    ]);
    expect(table.textsOf(fields[0]!.name)).toEqual(["filepath", "file", "path"]);
  });
});

describe("wordnetKnows (WordNet 3.1, as shipped)", () => {
  const wordnet = getWordnet()!;
  it("knows whole words, stemmed or not, and not compounds made for code", () => {
    expect(wordnetKnows(wordnet, "password")).toBe(true);
    expect(wordnetKnows(wordnet, "databas")).toBe(true);
    expect(wordnetKnows(wordnet, "filepath")).toBe(false);
    expect(wordnetKnows(wordnet, "heapsnapshot")).toBe(false);
  });
});

describe("joinedTerms", () => {
  const held = new Set(["backup", "todo", "heapsnapshot", "email"]);
  const join = (text: string) =>
    joinedTerms(text, (t) => held.has(t), DEFAULT_COMPOUND_USE).map((q) => [q.source, q.expansions]);

  it("joins two typed words apart by spaces, or by a hyphen, into a word the catalog holds, at the join weight", () => {
    expect(join("Back up the orders database, then take a heap snapshot.")).toEqual([
      ["back up", [{ terms: ["backup"], weight: DEFAULT_COMPOUND_USE.joinWeight }]],
      ["heap snapshot", [{ terms: ["heapsnapshot"], weight: DEFAULT_COMPOUND_USE.joinWeight }]],
    ]);
    expect(join("add a to-do and an e-mail")).toEqual([
      ["to-do", [{ terms: ["todo"], weight: DEFAULT_COMPOUND_USE.joinWeight }]],
      ["e-mail", [{ terms: ["email"], weight: DEFAULT_COMPOUND_USE.joinWeight }]],
    ]);
  });

  it("joins no stopwords apart by spaces, no words across punctuation or one word's own parts, and each word once", () => {
    expect(join("what to do next")).toEqual([]);
    expect(join("go back. Up next")).toEqual([]);
    expect(join("BackUp the db")).toEqual([]);
    expect(join("back up then back up again")).toHaveLength(1);
    expect(joinedTerms("back up", (t) => held.has(t), { joinWeight: 0 })).toEqual([]);
  });
});

describe("the `compounds` switch in a search", () => {
  const docs: SearchDoc[] = [
    {
      name: "format_range",
      server: "excel",
      description: "Apply formatting to a range of cells.",
      parameters: { type: "object", properties: { filepath: { type: "string" }, start_cell: { type: "string" } } },
    },
    ...["read", "write", "move"].map((verb, i) => ({
      name: `${verb}_note`,
      server: `notes${i}`,
      description: `${verb} a note file at a path.`,
      parameters: { type: "object", properties: { file_path: { type: "string" } } },
    })),
    {
      name: "backup_database",
      server: "db",
      description: "Take a backup of a database.",
      parameters: {},
    },
    {
      name: "list_databases",
      server: "db",
      description: "List every database on the database server.",
      parameters: {},
    },
    { name: "list_orders", server: "shop", description: "List the orders placed.", parameters: {} },
  ];
  // Every other technique off, so what moves is this one's doing.
  const only = (compounds: boolean) =>
    new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...NO_TECHNIQUES, compounds } });

  it("matches a request's two words with a tool that writes them as one", () => {
    const on = only(true).searchScored("format the cells of the file at this path", 5);
    const off = only(false).searchScored("format the cells of the file at this path", 5);
    const score = (r: typeof on) => r.find((s) => s.name === "format_range")?.score ?? 0;
    expect(score(on)).toBeGreaterThan(score(off));
    expect(score(off)).toBeGreaterThan(0);
  });

  it("matches a tool's one word with a request that writes it as two (beside the prefix match the first word had)", () => {
    const scores = (compounds: boolean) =>
      new Map(
        only(compounds)
          .searchScored("back up my orders", 5)
          .map((s) => [s.name, s.score]),
      );
    const [on, off] = [scores(true), scores(false)];
    // "back" alone reached "backup" as a prefix at half weight; "back up" reaches it as a word too.
    expect(on.get("backup_database")!).toBeGreaterThan(1.5 * off.get("backup_database")!);
    expect(on.get("list_orders")).toBe(off.get("list_orders"));
  });
});
