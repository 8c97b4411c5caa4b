import { describe, expect, it } from "vitest";
import { DEFAULT_RANKER, type SearchTechniques } from "./ranker";
import { LexicalSearcher } from "./searcher";

// The `translated` technique: the learned models (likelihood, vectors), which know English only, read a request in
// another language through the English words it was translated into. Real lexicons, dictionary and learned tables.
const docs = [
  { name: "delete_file", description: "Delete a file from the disk.", server: "files", parameters: {} },
  { name: "read_file", description: "Read the contents of a file.", server: "files", parameters: {} },
  { name: "drop_table", description: "Drop a table from the database.", server: "db", parameters: {} },
  { name: "send_email", description: "Send an e-mail message to a recipient.", server: "mail", parameters: {} },
  { name: "list_calendar_events", description: "List the events on a calendar.", server: "cal", parameters: {} },
  { name: "create_issue", description: "Create an issue in a repository.", server: "git", parameters: {} },
];

const searcher = (techniques: Partial<SearchTechniques>) =>
  new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_RANKER.techniques, ...techniques } });
const on = searcher({ translated: true });
const off = searcher({ translated: false });
const noModels = searcher({ translated: true, likelihood: false, vectors: false });
const scored = (s: LexicalSearcher, query: string) => s.searchScored(query, docs.length);

describe("requests in other languages and the learned models", () => {
  it("off, a Chinese request is not read by the models at all", () => {
    expect(scored(off, "删除这个文件")).toEqual(scored(noModels, "删除这个文件"));
  });

  it("on, the models read its translation: the scores change, the right tool stays first", () => {
    const read = scored(on, "删除这个文件");
    expect(read).not.toEqual(scored(noModels, "删除这个文件"));
    expect(read[0]?.name).toBe("delete_file");
  });

  it("reads a request the lexicon translated even when it is plain ASCII", () => {
    // "borrar" and "archivo" are Spanish keys of the lexicon: off, the models read the Spanish words themselves.
    expect(scored(on, "borrar el archivo")).not.toEqual(scored(off, "borrar el archivo"));
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
