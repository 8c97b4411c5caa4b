import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "./data";
import { labelAgreement, readerAnswers, readerCatalog, readerRequests } from "./reader";

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): CatalogEntry => ({
  name,
  server: "git",
  description,
  inputSchema: { type: "object", properties },
});

describe("what a reader is given", () => {
  it("writes each tool on its own lines, text on one line and cut, parameters with their descriptions", () => {
    const text = readerCatalog([
      tool("git_add", "Adds file contents\n  to the staging area", {
        repo_path: { type: "string", description: "Path to the\nrepository" },
        files: { type: "array" },
      }),
      tool("git_log", "x".repeat(600)),
    ]);
    expect(text).toBe(
      "### git_add  (server: git)\nAdds file contents to the staging area\nparams: repo_path: Path to the repository; files\n" +
        `\n### git_log  (server: git)\n${"x".repeat(500)}\nparams: \n`,
    );
  });

  it("numbers the requests and leaves their labels and styles out", () => {
    const rows = readerRequests([{ query: "stage a file", expected: ["git_add"], style: "natural" }]);
    expect(rows).toEqual([{ id: 0, request: "stage a file" }]);
  });
});

describe("a reader's answers", () => {
  const names = new Set(["git_add", "git_log"]);

  it("puts each answer in its request's place", () => {
    const raw = [
      { id: 1, tools: ["git_log"] },
      { id: 0, tools: ["git_add", "git_log"] },
    ];
    expect(readerAnswers(raw, "a.json", 2, names)).toEqual([["git_add", "git_log"], ["git_log"]]);
  });

  it("refuses a request answered twice, one not answered, an id past the set and a name the catalog lacks", () => {
    expect(() =>
      readerAnswers(
        [
          { id: 0, tools: [] },
          { id: 0, tools: [] },
        ],
        "a.json",
        1,
      ),
    ).toThrow("a.json: entry 1: id 0 is answered twice");
    expect(() => readerAnswers([{ id: 0, tools: [] }], "a.json", 2)).toThrow("a.json: request 1 is not answered");
    expect(() => readerAnswers([{ id: 2, tools: [] }], "a.json", 2)).toThrow("id 2 is past the set's 2 requests");
    expect(() => readerAnswers([{ id: 0, tools: ["git_push"] }], "a.json", 1, names)).toThrow(
      'a.json: entry 0 (id 0): "git_push" is no tool of the catalog',
    );
    expect(() => readerAnswers([{ id: "0", tools: [] }], "a.json", 1)).toThrow('a.json: field "0.id"');
  });
});

describe("how a reader's answers stand to the labels", () => {
  it("counts answers equal to the label, going beyond it, and holding every tool of a label of several", () => {
    const queries = [
      { query: "a", expected: ["x"], style: "natural" },
      { query: "b", expected: ["x", "y"], style: "natural" },
      { query: "c", expected: ["x", "y"], style: "natural" },
      { query: "d", expected: ["z"], style: "natural" },
    ];
    const answers = [["x"], ["y", "x"], ["x", "w"], ["w", "z"]];
    expect(labelAgreement(queries, answers)).toEqual({ equal: 1, beyond: 2, multi: 2, multiHeld: 1 });
  });
});
