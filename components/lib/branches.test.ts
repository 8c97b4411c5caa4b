import type { ThreadState } from "@langchain/langgraph-sdk";
import { getBranchContext } from "@langchain/langgraph-sdk/ui";
import { describe, expect, it } from "vitest";
import {
  type BranchTree,
  branchPaths,
  branchToRestore,
  MAX_BRANCH_CHARS,
  MAX_BRANCHES,
  readBranches,
  storedBranches,
  withBranch,
} from "./branches";

type State = ThreadState<Record<string, unknown>>;

/** A checkpoint of thread "t" after `parent`, as the history read returns it (newest first). */
function state(id: string, parent: string | null): State {
  const ref = (checkpoint_id: string) => ({ thread_id: "t", checkpoint_ns: "", checkpoint_id, checkpoint_map: null });
  return {
    values: {},
    next: [],
    checkpoint: ref(id),
    parent_checkpoint: parent ? ref(parent) : null,
    metadata: {},
    created_at: null,
    tasks: [],
  } as unknown as State;
}

// a → b → c, then regenerated from b (c2), then c2 → d and an edit from c2 (d2): two forks.
const HISTORY = [
  state("d2", "c2"),
  state("d", "c2"),
  state("c2", "b"),
  state("c", "b"),
  state("b", "a"),
  state("a", null),
];
const tree = (history: State[]): BranchTree => getBranchContext("", history).branchTree;

describe("branches kept in the browser", () => {
  it("round-trips the chosen branches, dropping the default", () => {
    const stored = storedBranches({ "t-1": "c", "t-2": "", "t-3": "c2>d" });
    expect(readBranches(stored)).toEqual({ "t-1": "c", "t-3": "c2>d" });
  });

  it("reads nothing from nothing, malformed JSON or the wrong shape, and drops what is not a branch", () => {
    for (const raw of [null, "", "{", "[]", "42", '"x"', "null"]) expect(readBranches(raw)).toEqual({});
    expect(readBranches(`{"a":"c","b":3,"c":null,"d":"","":"x","e":"${"x".repeat(MAX_BRANCH_CHARS + 1)}"}`)).toEqual({
      a: "c",
    });
  });

  it("keeps the last MAX_BRANCHES written; the default removes a thread's entry", () => {
    let branches = Object.fromEntries(Array.from({ length: MAX_BRANCHES + 5 }, (_, i) => [`t-${i}`, `c${i}`]));
    branches = withBranch(branches, "t-0", "again");
    const kept = readBranches(storedBranches(branches));
    expect(Object.keys(kept)).toHaveLength(MAX_BRANCHES);
    expect(kept["t-0"]).toBe("again");
    expect(kept["t-1"]).toBeUndefined();
    expect(kept[`t-${MAX_BRANCHES + 4}`]).toBe(`c${MAX_BRANCHES + 4}`);
    expect(withBranch({ a: "c", b: "d" }, "a", "")).toEqual({ b: "d" });
  });
});

describe("which kept branch a thread opens on", () => {
  it("knows every branch of the SDK's tree, the ones its switcher offers included", () => {
    const paths = branchPaths(tree(HISTORY));
    expect([...paths].sort()).toEqual(["", "c", "c2", "c2>d", "c2>d2"]);
    // What the switcher selects between is exactly such a path.
    const ctx = getBranchContext("c2", HISTORY);
    for (const [id, info] of Object.entries(ctx.branchByCheckpoint)) {
      for (const option of info.branchOptions ?? []) expect(paths.has(option), `${id}: ${option}`).toBe(true);
    }
    expect(branchPaths(tree([]))).toEqual(new Set());
  });

  it("restores a kept branch the history has, else the default", () => {
    const t = tree(HISTORY);
    expect(branchToRestore({ t: "c" }, "t", t)).toBe("c");
    expect(branchToRestore({ t: "c2>d" }, "t", t)).toBe("c2>d");
    expect(branchToRestore({}, "t", t)).toBe("");
    expect(branchToRestore({ other: "c" }, "t", t)).toBe("");
    // Gone from the history (deleted, or older than the checkpoints read): not restored.
    expect(branchToRestore({ t: "gone" }, "t", t)).toBe("");
    expect(branchToRestore({ t: "c>d" }, "t", t)).toBe("");
    expect(branchToRestore({ t: "c" }, "t", tree(HISTORY.filter((s) => s.checkpoint.checkpoint_id !== "c")))).toBe("");
  });
});
