import { describe, expect, it } from "vitest";
import { ToolMentions } from "./mentions";
import { DEFAULT_RANKER } from "./ranker-config";
import { NO_TECHNIQUES, type SearchTechniques } from "./techniques";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc } from "./types";

const doc = (name: string, description: string, server?: string): SearchDoc => ({
  name,
  description,
  parameters: {},
  ...(server ? { server } : {}),
});

const NOTES = [
  doc("notes_search", "Find notes whose text holds the given words."),
  doc("notes_list", "List all notes, newest first."),
  doc("notes_delete", "Delete a note by its id (from notes_list or notes_search)."),
];

describe("mentions: other tools' names in a tool's text are not its words", () => {
  it("blanks identifiers that name another catalog tool, keeps plain words and other identifiers", () => {
    const m = new ToolMentions(NOTES);
    expect(m.strip("Delete a note by its id (from notes_list or notes_search).", NOTES[2]!)).toBe(
      "Delete a note by its id (from   or  ).",
    );
    // "search" alone is a word, not a tool's name; config.yaml and note_id name no tool.
    expect(m.strip("search config.yaml for the note_id", NOTES[2]!)).toBe("search config.yaml for the note_id");
  });

  it("keeps a tool's own name, with or without its server's prefix, and reads camelCase and any case", () => {
    const docs = [
      doc("github_update_issue", "Update an issue (update_issue); see also getIssue.", "github"),
      doc("linear_update_issue", "Update a Linear issue.", "linear"),
      doc("getIssue", "Get an issue."),
    ];
    const m = new ToolMentions(docs);
    // update_issue is github_update_issue's own name without its prefix (and linear's too): kept in both.
    expect(m.strip("Update an issue (update_issue); see also getIssue.", docs[0]!)).toBe(
      "Update an issue (update_issue); see also  .",
    );
    expect(m.strip("use GITHUB_UPDATE_ISSUE instead", docs[1]!)).toBe("use   instead");
  });

  it("changes the ranking: a tool no longer answers for the neighbour its description names", () => {
    const only = (mentions: boolean): SearchTechniques => ({ ...NO_TECHNIQUES, mentions });
    const search = (mentions: boolean) =>
      new LexicalSearcher(NOTES, { ...DEFAULT_RANKER, techniques: only(mentions) }).search("search", 5);
    expect(search(false)).toContain("notes_delete");
    expect(search(true)).toEqual(["notes_search"]);
  });
});
