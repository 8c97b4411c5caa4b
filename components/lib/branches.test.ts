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
  sendFrom,
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

/** A history read (newest first) with its states' times in that order. */
const timed = (states: State[]): State[] =>
  states.map((st, i) => ({ ...st, created_at: `2026-01-01T00:00:${String(states.length - i).padStart(2, "0")}Z` }));

// a → b → c, then regenerated from b (c2), then c2 → d and an edit from c2 (d2): two forks.
const HISTORY = timed([
  state("d2", "c2"),
  state("d", "c2"),
  state("c2", "b"),
  state("c", "b"),
  state("b", "a"),
  state("a", null),
]);
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

  it("restores a kept branch the history has, else the version of the newest state", () => {
    const t = tree(HISTORY);
    expect(branchToRestore({ t: "c" }, "t", t)).toBe("c");
    expect(branchToRestore({ t: "c2>d" }, "t", t)).toBe("c2>d");
    // What the version opened on shows last: the thread's newest state (d2), where it was last continued.
    const head = (branch: string, history: State[]) =>
      getBranchContext(branch, history).threadHead?.checkpoint.checkpoint_id;
    for (const kept of [{}, { other: "c" }, { t: "gone" }, { t: "c>d" }] as Record<string, string>[])
      expect(head(branchToRestore(kept, "t", t), HISTORY)).toBe("d2");
    // Gone from the history (deleted, or older than the checkpoints read): not restored.
    const withoutC = HISTORY.filter((s) => s.checkpoint.checkpoint_id !== "c");
    expect(head(branchToRestore({ t: "c" }, "t", tree(withoutC)), withoutC)).toBe("d2");
    expect(branchToRestore({}, "t", tree([]))).toBe("");
  });

  it("the newest state's version, not the SDK's default, when a message was sent from an older version", () => {
    // a → b → c, an edit from b (c2), then a message sent from c's version (e, newest of all).
    const history = timed([state("e", "c"), state("c2", "b"), state("c", "b"), state("b", "a"), state("a", null)]);
    const shown = branchToRestore({}, "t", tree(history));
    expect(getBranchContext(shown, history).threadHead?.checkpoint.checkpoint_id).toBe("e");
    // The SDK's default shows the newest answer at the fork, which hides e.
    expect(getBranchContext("", history).threadHead?.checkpoint.checkpoint_id).toBe("c2");
  });
});

describe("where a message sent now continues from", () => {
  /** The last state of the version `branch` shows (what useStream's `history` ends with). */
  const shownHead = (branch: string) => getBranchContext(branch, HISTORY).flatHistory.at(-1);

  it("the last state of a version chosen in the switcher", () => {
    expect(sendFrom(shownHead("c"), tree(HISTORY))?.checkpoint_id).toBe("c");
    expect(sendFrom(shownHead("c2>d"), tree(HISTORY))?.checkpoint_id).toBe("d");
  });

  it("nothing to say when the version shown ends in the newest state, or there is none", () => {
    expect(sendFrom(shownHead("c2>d2"), tree(HISTORY))).toBeNull();
    expect(sendFrom(undefined, tree([]))).toBeNull();
  });
});
