"use client";

import type { Client } from "@langchain/langgraph-sdk";
import { useCallback, useEffect, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { failureText } from "@/components/lib/errors";
import { summarizeThreads, type ThreadLike, type ThreadSummary } from "@/components/lib/threads";

export const GRAPH_ID = "lead_agent";

/**
 * The lead agent's threads, as the SDK lists them (`threads.search` by `graph_id`), reloaded
 * whenever `reloadKey` changes (the open thread, a finished run).
 */
export function useThreads(client: Client, reloadKey: string) {
  const t = useT();
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
        if (!ac.signal.aborted) setError(t("threads.listFailed", { detail: failureText(e, t("error.network")) }));
      });
    return () => ac.abort();
  }, [client, reloadKey, manual]);

  const remove = useCallback(
    async (id: string) => {
      try {
        await client.threads.delete(id);
        setThreads((list) => list.filter((th) => th.id !== id));
        setError(null);
      } catch (e) {
        setError(t("threads.deleteFailed", { detail: failureText(e, t("error.network")) }));
      }
      setManual((n) => n + 1);
    },
    [client, t],
  );

  /** A name for the thread, kept in its metadata (`title`) so every browser sees it. */
  const rename = useCallback(
    async (id: string, title: string) => {
      setThreads((list) => list.map((th) => (th.id === id ? { ...th, title, renamed: true } : th)));
      try {
        await client.threads.update(id, { metadata: { title } });
        setError(null);
      } catch (e) {
        setError(t("threads.renameFailed", { detail: failureText(e, t("error.network")) }));
      }
      setManual((n) => n + 1);
    },
    [client, t],
  );

  return { threads, error, remove, rename };
}
