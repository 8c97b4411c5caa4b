import { describe, expect, it } from "vitest";
import { DEFAULT_RANKER } from "./ranker-config";
import { withoutRedirects } from "./redirects";
import { LexicalSearcher } from "./searcher";
import { NO_TECHNIQUES } from "./techniques";
import type { SearchDoc } from "./types";

const doc = (name: string, description: string, parameters: SearchDoc["parameters"] = {}): SearchDoc => ({
  name,
  description,
  parameters,
});

const blank = (s: string) => " ".repeat(s.length);

describe("redirects: sentences that send the reader to another tool are not the tool's words", () => {
  it("drops each redirect sentence in place, and only it", () => {
    const lead = "Use when the user wants to add one or more tags to existing notes.";
    const away = " Do not use when the user wants to remove tags (use anki_remove_note_tags).";
    const rest = " Tags are words.";
    expect(withoutRedirects(lead + away + rest)).toBe(lead + blank(away) + rest);
    const instead = "For removing single branches, use `delete_branch` instead.";
    expect(withoutRedirects(`Delete a project and all its data. ${instead}`)).toBe(
      `Delete a project and all its data. ${blank(instead)}`,
    );
    expect(withoutRedirects("List projects.\nNOT for projects shared with you\nPaged.")).toBe(
      `List projects.\n${blank("NOT for projects shared with you\n")}Paged.`,
    );
    // Two statements of one sentence: only the redirect goes.
    expect(withoutRedirects("Create or update a file in a repository; do not use it for local files.")).toBe(
      `Create or update a file in a repository;${blank(" do not use it for local files.")}`,
    );
  });

  it("keeps sentences that only say what the tool does", () => {
    for (const text of [
      "Instead, if the database does not contain any samples for the time range, it returns an empty result.",
      "Get queries that don't use a covering index.",
      "Returns nothing when the note is not found.",
      "Run a shell command.",
      "Use this instead of 'execute_command' with ls/dir commands.",
      "Run one query instead of calling list_rows in a loop.",
      "literalSearch: use exact string matching instead of regex",
    ])
      expect(withoutRedirects(text)).toBe(text);
  });

  it("changes the ranking: a tool no longer answers for the requests it turns away, in its description or its parameters", () => {
    const tools = [
      doc(
        "add_note_tags",
        "Add tags to notes. Do not use when the user wants to remove tags or rename a deck (use remove_note_tags).",
      ),
      doc("remove_note_tags", "Take labels off notes."),
      doc("list_projects", "List your projects.", {
        type: "object",
        properties: {
          owner: { type: "string", description: "The owner. Not for archived workspaces: use archive search." },
        },
      }),
      doc("search_archive", "Find things in old workspaces."),
    ];
    const search = (redirects: boolean, q: string) =>
      new LexicalSearcher(tools, { ...DEFAULT_RANKER, techniques: { ...NO_TECHNIQUES, redirects } }).search(q, 5);
    expect(search(false, "remove tags")[0]).toBe("add_note_tags");
    expect(search(true, "remove tags")[0]).toBe("remove_note_tags");
    expect(search(false, "rename deck")).toEqual(["add_note_tags"]);
    expect(search(true, "rename deck")).toEqual([]);
    expect(search(false, "archived workspaces")).toContain("list_projects");
    expect(search(true, "archived workspaces")).toEqual(["search_archive"]);
  });
});
