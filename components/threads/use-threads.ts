"use client";

import type { Client } from "@langchain/langgraph-sdk";
import { useCallback, useEffect, useState } from "react";
import { errorText } from "@/components/lib/message-content";
import { summarizeThreads, type ThreadLike, type ThreadSummary } from "@/components/lib/threads";

export const GRAPH_ID = "lead_agent";

/**
 * The lead agent's threads, as the SDK lists them (`threads.search` by `graph_id`), reloaded
 * whenever `reloadKey` changes (the open thread, a finished run).
 */
export function useThreads(client: Client, reloadKey: string) {
  const [threads, setThreads] = useState<ThreadSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [manual, setManual] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and manual are re-fetch triggers
  useEffect(() => {
    const ac = new AbortController();
    client.threads
      .search({ metadata: { graph_id: GRAPH_ID }, limit: 100, signal: ac.signal })
      .then((list: ThreadLike[]) => {
        setThreads(summarizeThreads(list));
        setError(null);
      })
      .catch((e: unknown) => {
        if (!ac.signal.aborted) setError(`Could not list threads: ${errorText(e)}`);
      });
    return () => ac.abort();
  }, [client, reloadKey, manual]);

  const remove = useCallback(
    async (id: string) => {
      try {
        await client.threads.delete(id);
        setThreads((list) => list.filter((t) => t.id !== id));
        setError(null);
      } catch (e) {
        setError(`Could not delete the thread: ${errorText(e)}`);
      }
      setManual((n) => n + 1);
    },
    [client],
  );

  return { threads, error, remove };
}
