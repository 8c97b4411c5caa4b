import { describe, expect, it } from "vitest";
import { expectLearnedTable } from "@/test/support/learned-table";
import { createToolSearcher } from ".";
import learned from "./learned-associations.json";
import { learnedExpansions } from "./learned";
import { DEFAULT_RANKER } from "./ranker-config";
import { DEFAULT_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc } from "./types";

const table = (learned as unknown as { table: Record<string, Array<[string, number]>> }).table;
const known = (...terms: string[]) => ({ has: (t: string) => terms.includes(t) });

describe("learned translations at search time", () => {
  it("the shipped table was learned, not written: every entry has a strength in (0, 1], strongest first", () => {
    expectLearnedTable(table);
  });

  it("expands a word only onto terms the catalog uses, at the weight times the learned strength", () => {
    const [first] = table.rid!;
    const expansions = learnedExpansions("rid", known(first![0]), { weight: 0.5 });
    expect(expansions).toEqual([{ terms: [first![0]], weight: 0.5 * first![1] }]);
    expect(learnedExpansions("rid", known("nothing-like-it"))).toEqual([]);
    expect(learnedExpansions("qqqzzz", known("delet"))).toEqual([]);
    expect(learnedExpansions("rid", known(first![0]), { weight: 0 })).toEqual([]);
  });

  it("is a switch: on by default, and finds a tool named in other words that the search without it misses", () => {
    const docs: SearchDoc[] = [
      { name: "delete_branch", description: "Delete a branch of a repository.", server: "git", parameters: {} },
      { name: "create_branch", description: "Create a branch in a repository.", server: "git", parameters: {} },
      { name: "update_branch", description: "Update a branch of a repository.", server: "git", parameters: {} },
    ];
    expect(DEFAULT_TECHNIQUES.learned).toBe(true);
    expect(createToolSearcher(docs).search("ditch the feature branch", 3)[0]).toBe("delete_branch");
    // Worked examples, word vectors (fused, and as name-word neighbours), the action classifier and the reranker off
    // on both sides:
    // all are learned from the same training data, and would find it on their own.
    const only = (learned: boolean) =>
      new LexicalSearcher(docs, {
        ...DEFAULT_RANKER,
        techniques: {
          ...DEFAULT_TECHNIQUES,
          learned,
          exemplars: false,
          vectors: false,
          neighbours: false,
          actions: false,
          rerank: false,
        },
      }).search("ditch the feature branch", 3);
    expect(only(true)[0]).toBe("delete_branch");
    expect(only(false)[0]).not.toBe("delete_branch");
  });
});
