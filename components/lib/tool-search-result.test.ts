import { describe, expect, it } from "vitest";
import { parseToolSearchResult, toolSearchQuery } from "./tool-search-result";

describe("parseToolSearchResult", () => {
  it("reads the closest names of a weak answer, with their servers", () => {
    const content = JSON.stringify({
      tools: [{ name: "a", description: "A", parameters: {} }],
      closest: [
        { name: "b", server: "s" },
        { name: "c", server: null },
      ],
      note: "…",
    });
    expect(parseToolSearchResult(content)).toMatchObject({
      kind: "found",
      closest: [
        { name: "b", server: "s" },
        { name: "c", server: null },
      ],
    });
  });

  it("reads bare OpenAI function definitions", () => {
    const content = JSON.stringify([
      { name: "memory_create_entities", description: "Create entities", parameters: { type: "object" } },
      { name: "fs_read_file", parameters: {} },
    ]);
    expect(parseToolSearchResult(content)).toEqual({
      kind: "found",
      tools: [
        { name: "memory_create_entities", description: "Create entities" },
        { name: "fs_read_file", description: "" },
      ],
      notLoaded: [],
      closest: [],
    });
  });

  it("reads the {type:function, function} wrapper", () => {
    const content = JSON.stringify([
      { type: "function", function: { name: "everything_echo", description: "Echo back", parameters: {} } },
    ]);
    expect(parseToolSearchResult(content)).toEqual({
      kind: "found",
      tools: [{ name: "everything_echo", description: "Echo back" }],
      notLoaded: [],
      closest: [],
    });
  });

  it("accepts a mix of both shapes and surrounding whitespace", () => {
    const content = `\n${JSON.stringify([
      { type: "function", function: { name: "a" } },
      { name: "b", description: "B" },
    ])}\n`;
    const result = parseToolSearchResult(content);
    expect(result.kind === "found" && result.tools.map((t) => t.name)).toEqual(["a", "b"]);
  });

  it("reads the answer that also names matches it did not load", () => {
    const content = JSON.stringify({
      tools: [{ name: "a", description: "A", parameters: {} }],
      not_loaded: [{ name: "b", description: "B.", why: "a weaker match" }],
      note: "…",
    });
    expect(parseToolSearchResult(content)).toEqual({
      kind: "found",
      tools: [{ name: "a", description: "A" }],
      notLoaded: [{ name: "b", description: "B." }],
      closest: [],
    });
  });

  it("recognises the no-match text", () => {
    expect(parseToolSearchResult('No tools found for query "weather".')).toEqual({
      kind: "none",
      message: 'No tools found for query "weather".',
    });
  });

  it("treats an empty array as no match", () => {
    expect(parseToolSearchResult("[]")).toEqual({ kind: "none", message: null });
  });

  it("falls back to text for errors, broken JSON and unknown shapes", () => {
    expect(parseToolSearchResult("Error: invalid regex").kind).toBe("text");
    expect(parseToolSearchResult("[{").kind).toBe("text");
    expect(parseToolSearchResult('[{"title":"x"}]').kind).toBe("text");
  });
});

describe("toolSearchQuery", () => {
  it("returns the query or empty while args stream in", () => {
    expect(toolSearchQuery({ query: "select:a,b" })).toBe("select:a,b");
    expect(toolSearchQuery({})).toBe("");
    expect(toolSearchQuery(undefined)).toBe("");
    expect(toolSearchQuery({ query: 3 })).toBe("");
  });

  it("shows alternatives as the search reads them", () => {
    expect(toolSearchQuery({ query: "refund", queries: ["money back", 4, ""] })).toBe("refund | money back");
    expect(toolSearchQuery({ queries: ["a"] })).toBe("a");
  });
});
