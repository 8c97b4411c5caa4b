import { describe, expect, it, vi } from "vitest";
import { searcherWith } from "../../../test/support/searchers";
import { reorderBy } from "./reorder";
import type { Scored } from "./scored";
import type { SearchTechniques } from "./techniques";
import type { LexicalSearcher } from "./searcher";
import { ServerProfiles } from "./server-profiles";

// The `translated` technique: the learned models (likelihood, vectors), which know English only, read a request in
// another language through the English words it was translated into, and that ranking orders the first five.
// Real lexicons, dictionary and learned tables.
const docs = [
  { name: "delete_file", description: "Delete a file from the disk.", server: "files", parameters: {} },
  { name: "read_file", description: "Read the contents of a file.", server: "files", parameters: {} },
  { name: "drop_table", description: "Drop a table from the database.", server: "db", parameters: {} },
  { name: "send_email", description: "Send an e-mail message to a recipient.", server: "mail", parameters: {} },
  { name: "list_calendar_events", description: "List the events on a calendar.", server: "cal", parameters: {} },
  { name: "create_issue", description: "Create an issue in a repository.", server: "git", parameters: {} },
];

// The Chinese and Japanese words' own vectors (`vectorscjk`) are another technique: off here.
const searcher = (techniques: Partial<SearchTechniques>) => searcherWith(docs, { vectorscjk: false, ...techniques });
const on = searcher({ translated: true });
const off = searcher({ translated: false });
const noModels = searcher({ translated: true, likelihood: false, vectors: false });
const scored = (s: LexicalSearcher, query: string) => s.searchScored(query, docs.length);

describe("requests in other languages and the learned models", () => {
  it("off, a Chinese request is not read by the models at all", () => {
    expect(scored(off, "删除这个文件")).toEqual(scored(noModels, "删除这个文件"));
  });

  it("on, the first five are the same tools with the same scores by rank, in the order its translation gives", () => {
    for (const q of ["删除这个文件", "ファイルを削除して", "把邮件发给团队", "リポジトリにイシューを作成", "文件"]) {
      const read = scored(on, q).slice(0, 5);
      const plain = scored(off, q).slice(0, 5);
      expect(read.map((r) => r.name).sort()).toEqual(plain.map((r) => r.name).sort());
      expect(read.map((r) => r.score)).toEqual(plain.map((r) => r.score));
      // A shorter limit reads the same first results.
      expect(on.search(q, 2)).toEqual(read.slice(0, 2).map((r) => r.name));
    }
    expect(scored(on, "删除这个文件")[0]?.name).toBe("delete_file");
    // "文件" (file) alone: the translation ranking puts the other of the two file tools first.
    expect(on.search("文件", 2)).toEqual([...off.search("文件", 2)].reverse());
  });

  it("a request in plain ASCII is read as before (the models read its own words)", () => {
    // "borrar" and "archivo" are Spanish keys of the lexicon, but the text is ASCII: the models read it as typed.
    expect(scored(on, "borrar el archivo")).toEqual(scored(off, "borrar el archivo"));
    expect(scored(on, "borrar el archivo")[0]?.name).toBe("delete_file");
  });

  it("reads English typed with typographic punctuation as the same English typed in ASCII", () => {
    const pairs = [
      [
        "don\u2019t keep the file \u201cnotes.txt\u201d \u2014 get rid of it\u2026",
        'don\'t keep the file "notes.txt" - get rid of it...',
      ],
      ["what\u2019s on my calendar\u00a0today", "what's on my calendar today"],
    ];
    for (const [typed, ascii] of pairs) {
      for (const s of [on, off]) expect(scored(s, typed!)).toEqual(scored(s, ascii!));
      // The learned models read it: without them, the scores differ.
      expect(scored(off, typed!)).not.toEqual(scored(noModels, typed!));
    }
  });

  it("leaves English requests as they were", () => {
    for (const q of ["delete the file", "send an email to the team", "what is on my calendar"])
      expect(scored(on, q)).toEqual(scored(off, q));
  });
});

describe("reorderBy", () => {
  const at = (name: string, index: number, score: number): Scored => ({ name, index, score });
  const ranked = [at("a", 0, 9), at("b", 1, 8), at("c", 2, 7), at("d", 3, 6), at("e", 4, 5), at("f", 5, 4)];

  it("orders the window as the other ranking does; its results keep the scores of their ranks", () => {
    const by = [at("c", 2, 1), at("f", 5, 1), at("a", 0, 1), at("e", 4, 1)];
    const out = reorderBy(ranked, by, 5);
    // c and a and e in by's order; b and d, which by does not hold, after them in their own order; f stays sixth.
    expect(out.map((s) => s.name)).toEqual(["c", "a", "e", "b", "d", "f"]);
    expect(out.map((s) => s.score)).toEqual(ranked.map((s) => s.score));
  });

  it("leaves a ranking alone when the window holds fewer than two results, or the other ranking is empty", () => {
    expect(reorderBy(ranked, [at("f", 5, 1)], 1)).toEqual(ranked);
    expect(reorderBy(ranked, [], 5)).toEqual(ranked);
    expect(reorderBy([], ranked, 5)).toEqual([]);
  });

  it("works out a request's server shares once for both its rankings, and the same shares as each would", () => {
    const shares = vi.spyOn(ServerProfiles.prototype, "shares");
    try {
      const q = "删除这个文件";
      const before = scored(on, q);
      shares.mockClear();
      expect(scored(on, q)).toEqual(before);
      expect(shares).toHaveBeenCalledTimes(1);
      // An English request has one ranking, and asks once too.
      shares.mockClear();
      on.search("delete the file", 5);
      expect(shares).toHaveBeenCalledTimes(1);
    } finally {
      shares.mockRestore();
    }
  });
});
