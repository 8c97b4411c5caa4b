"use client";

import type { Client } from "@langchain/langgraph-sdk";
import { useEffect, useState } from "react";
import { foundThread, type ThreadCheck, type ThreadLookup, threadCheck } from "@/components/lib/thread-check";

/**
 * Looks up the open thread before its history is read (thread-check.ts), unless it is `known` to exist (this page
 * created it, or it was picked from the server's list).
 * A search by id answers an empty list for a thread that is gone, so nothing on the way fails with a 404.
 */
export function useThreadCheck(client: Client, threadId: string | null, known: boolean): ThreadCheck {
  const [lookup, setLookup] = useState<ThreadLookup | null>(null);
  // Another thread, even the same one opened again: its last look-up may be old, so it is looked up anew.
  const [lookedFor, setLookedFor] = useState(threadId);
  if (lookedFor !== threadId) {
    setLookedFor(threadId);
    setLookup(null);
  }
  useEffect(() => {
    if (threadId === null || known) return;
    const ac = new AbortController();
    client.threads.search({ ids: [threadId], limit: 1, select: ["thread_id"], signal: ac.signal }).then(
      (found) => setLookup({ id: threadId, exists: foundThread(found, threadId) }),
      () => {
        if (!ac.signal.aborted) setLookup({ id: threadId, exists: null });
      },
    );
    return () => ac.abort();
  }, [client, threadId, known]);
  return threadCheck(threadId, known, lookup);
}
