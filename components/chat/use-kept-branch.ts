"use client";

import { readStorage, writeStorage } from "@/components/lib/browser-storage";
import { useEffect, useState } from "react";
import {
  BRANCHES_KEY,
  type Branches,
  type BranchTree,
  branchToRestore,
  readBranches,
  storedBranches,
  withBranch,
} from "@/components/lib/branches";

function readStored(): Branches {
  return readBranches(readStorage(BRANCHES_KEY));
}

/** Set one thread's branch in storage, on top of what is there now (another tab may have written since). */
function store(thread: string, branch: string): void {
  const branches = readStored();
  if ((branches[thread] ?? "") === branch) return;
  writeStorage(BRANCHES_KEY, storedBranches(withBranch(branches, thread, branch)));
}

/**
 * The version of the open thread the person chose, kept in the browser's storage (branches.ts): restored once the
 * thread's history is loaded (`tree`, null until then; with nothing kept, the newest state's version), and from then on every change of `branch` is kept, whether
 * the switcher made it or a regenerate or an edit did. useStream holds the branch itself (`branch`, `setBranch`).
 */
export function useKeptBranch(
  threadId: string | null,
  branch: string,
  setBranch: (branch: string) => void,
  tree: BranchTree | null,
): void {
  // The thread whose kept branch was restored: until then `branch` is still the last thread's, not to be kept.
  const [restored, setRestored] = useState<string | null>(null);
  const [seenThread, setSeenThread] = useState(threadId);
  if (seenThread !== threadId) {
    setSeenThread(threadId);
    setRestored(null);
  }

  useEffect(() => {
    if (!threadId || !tree || restored === threadId) return;
    // One render: the restored branch and the mark that it is this thread's come together.
    setBranch(branchToRestore(readStored(), threadId, tree));
    setRestored(threadId);
  }, [threadId, tree, restored, setBranch]);

  useEffect(() => {
    if (threadId && restored === threadId) store(threadId, branch);
  }, [threadId, restored, branch]);
}
