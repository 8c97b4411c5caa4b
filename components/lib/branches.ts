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

/** A checkpoint as the history read gives it, as far as it is read here. */
interface CheckpointRef {
  thread_id?: string | null;
  checkpoint_ns?: string | null;
  checkpoint_id?: string | null;
  checkpoint_map?: Record<string, unknown> | null;
}

/** A state of the thread's history, as far as it is read here. */
export interface HistoryState {
  checkpoint: CheckpointRef | null;
  created_at?: string | null;
}

/**
 * The SDK's tree of a thread's checkpoints (`experimental_branchTree`: every version, where useStream's `history` is
 * only the version shown), as far as it is read here.
 */
export interface BranchTree {
  type: "sequence";
  items: Array<{ type: "node"; path: string[]; value?: HistoryState } | { type: "fork"; items: BranchTree[] }>;
}

/** Each checkpoint of the tree with its branch: its path ("" for those before the first fork). */
function checkpointsOf(tree: BranchTree): Array<{ state: HistoryState | undefined; branch: string }> {
  const out: Array<{ state: HistoryState | undefined; branch: string }> = [];
  const queue: BranchTree[] = [tree];
  while (queue.length > 0) {
    for (const item of queue.shift()?.items ?? []) {
      if (item.type === "node") out.push({ state: item.value, branch: item.path.join(">") });
      else queue.push(...item.items);
    }
  }
  return out;
}

/** Every branch the tree has: the path of each of its checkpoints ("" for those before the first fork). */
export function branchPaths(tree: BranchTree): Set<string> {
  return new Set(checkpointsOf(tree).map((c) => c.branch));
}

/** The thread's newest state (the latest `created_at`; the first such in the tree), with its branch. */
function newest(tree: BranchTree): { state: HistoryState | undefined; branch: string } | undefined {
  let best: { state: HistoryState | undefined; branch: string } | undefined;
  for (const c of checkpointsOf(tree)) {
    const at = c.state?.created_at ?? "";
    if (!best || at > (best.state?.created_at ?? "")) best = c;
  }
  return best;
}

/**
 * The branch to show when `thread` opens: the one kept for it if its history still has it, else the branch of its
 * newest state, so a thread opens where it was last continued. The SDK's default (""), the newest answer at every
 * fork, would hide a message sent later from an older version.
 */
export function branchToRestore(branches: Branches, thread: string, tree: BranchTree): string {
  const kept = branches[thread];
  if (kept && branchPaths(tree).has(kept)) return kept;
  return newest(tree)?.branch ?? "";
}

/**
 * Where a message sent now continues the thread from: the last state of the version shown (`shown`, the last of
 * useStream's `history`) when that is not the thread's newest state (a version chosen in the switcher), else null
 * (the newest, the server's default). Given as the run's checkpoint, the version shown stays on screen with the
 * new message in it (the SDK shows that checkpoint's branch).
 */
export function sendFrom(shown: HistoryState | undefined, tree: BranchTree): CheckpointRef | null {
  const head = shown?.checkpoint;
  if (!head?.checkpoint_id) return null;
  if (newest(tree)?.state?.checkpoint?.checkpoint_id === head.checkpoint_id) return null;
  return { ...head };
}
