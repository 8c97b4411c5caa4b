/**
 * The version of a thread the person chose (the branch switcher, after a regenerate or an edit), per thread, kept in
 * the browser's storage so a reload or a reopened link shows that version again rather than the latest. A branch is
 * the SDK's path of fork checkpoints ("c1>c7"); "" is the default (the latest at every fork) and is not kept. Read
 * back defensively: storage is the browser's, anything malformed is dropped, and a branch the thread's history no
 * longer has is not restored.
 */
import { readTexts, type StoredTexts, storedTexts, withNewest } from "./stored-texts";

export type Branches = StoredTexts;

export const BRANCHES_KEY = "fawn.branches";
/** At most this many threads' branches are kept (the most recently written), each at most MAX_BRANCH_CHARS. */
export const MAX_BRANCHES = 100;
/** A path of checkpoint ids: a few dozen forks deep at most; anything longer is not one the app wrote. */
export const MAX_BRANCH_CHARS = 4_000;

/** A branch is kept for a thread when it is not the default and no longer than a branch the app writes. */
const keepBranch = (thread: string, branch: string) =>
  thread !== "" && branch !== "" && branch.length <= MAX_BRANCH_CHARS ? branch : null;

/** The branches a stored value holds; empty for nothing, malformed JSON or the wrong shape. */
export function readBranches(raw: string | null): Branches {
  return readTexts(raw, keepBranch);
}

/** The branches with `thread`'s set and moved last (newest), or removed when it is the default (""). */
export function withBranch(branches: Branches, thread: string, branch: string): Branches {
  return withNewest(branches, thread, branch === "" ? null : branch);
}

/** What to store: the last MAX_BRANCHES written (withBranch), none empty or too long. */
export function storedBranches(branches: Branches): string {
  return storedTexts(branches, MAX_BRANCHES, keepBranch);
}

/** The SDK's tree of a thread's checkpoints (`experimental_branchTree`), as far as it is read here. */
export interface BranchTree {
  type: "sequence";
  items: Array<{ type: "node"; path: string[] } | { type: "fork"; items: BranchTree[] }>;
}

/** Every branch the tree has: the path of each of its checkpoints ("" for those before the first fork). */
export function branchPaths(tree: BranchTree): Set<string> {
  const paths = new Set<string>();
  const queue: BranchTree[] = [tree];
  while (queue.length > 0) {
    for (const item of queue.shift()?.items ?? []) {
      if (item.type === "node") paths.add(item.path.join(">"));
      else queue.push(...item.items);
    }
  }
  return paths;
}

/** The branch to show when `thread` opens: the one kept for it if its history still has it, else the default (""). */
export function branchToRestore(branches: Branches, thread: string, tree: BranchTree): string {
  const kept = branches[thread];
  return kept && branchPaths(tree).has(kept) ? kept : "";
}
