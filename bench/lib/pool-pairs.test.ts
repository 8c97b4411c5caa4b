import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BenchQuery } from "./data";
import { firstSentence, loadPoolOperations, poolOperations } from "./pool-pairs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

const q = (query: string, style: string, expected: string[]): BenchQuery => ({ query, style, expected });

describe("firstSentence", () => {
  it("is the description up to its first sentence's end, or its first line", () => {
    expect(firstSentence("Lists open issues. Supports filters.")).toBe("Lists open issues.");
    expect(firstSentence("Get a file (v1.2 API)\nReturns its bytes.")).toBe("Get a file (v1.2 API)");
    expect(firstSentence("Version 1.2 of it! More")).toBe("Version 1.2 of it!");
    expect(firstSentence("x".repeat(500))).toHaveLength(300);
    expect(firstSentence("")).toBe("");
  });
});

describe("poolOperations", () => {
  const catalog = [
    { name: "list_issues", server: "github", description: "List issues in a repository. Paginated." },
    { name: "send_message", server: "slack", description: "Send a message" },
  ];
  it("groups English requests of the learned styles by the first tool they expect", () => {
    const ops = poolOperations(catalog, [
      {
        file: "a.json",
        queries: [
          q("show me what is broken in the repo", "paraphrase", ["list_issues", "send_message"]),
          q("ping the team", "natural", ["send_message"]),
          q("muéstrame los problemas", "multilingual", ["list_issues"]),
          q("list.*issues", "regex", ["list_issues"]),
          q("select:send_message", "select", ["send_message"]),
          q("an open question", "task", []),
        ],
      },
      { file: "b.json", queries: [q("bugs \u201cfiled\u201d this week", "keyword", ["list_issues"])] },
    ]);
    expect(ops).toEqual([
      {
        name: "list_issues",
        server: "github",
        text: "List issues in a repository.",
        requests: ["show me what is broken in the repo", "bugs \u201cfiled\u201d this week"],
      },
      { name: "send_message", server: "slack", text: "Send a message", requests: ["ping the team"] },
    ]);
  });

  it("refuses a request that expects a tool its catalog lacks, naming the set, the request and the tool", () => {
    expect(() =>
      poolOperations(catalog, [
        { file: "bench/catalogs/x.json", queries: [q("ok", "natural", ["send_message"]), q("?", "task", ["nope"])] },
      ]),
    ).toThrow('bench/catalogs/x.json: request 1: expects "nope", which its catalog does not have');
  });
});

describe("loadPoolOperations", () => {
  it("reads the named pools from the repository", () => {
    const loaded = loadPoolOperations(ROOT, ["catalog2", "catalog3"]);
    expect(loaded.map((l) => l.pool.label)).toEqual(["catalog2", "catalog3"]);
    for (const { operations } of loaded) {
      expect(operations.length).toBeGreaterThan(100);
      for (const op of operations) expect(op.requests.length).toBeGreaterThan(0);
    }
  });

  it("refuses an unknown pool, naming the known ones", () => {
    expect(() => loadPoolOperations(ROOT, ["catalog9"])).toThrow(
      'no dev pool "catalog9" (there are shared, catalog2, catalog3, catalog4)',
    );
  });
});
