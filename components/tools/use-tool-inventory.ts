"use client";

import { useEffect, useState } from "react";
import { fetchJson } from "@/components/lib/fetch-json";
import { errorText } from "@/components/lib/message-content";
import { toolsInventorySchema, type ToolsInventory } from "@/components/lib/tools-inventory";

export interface InventoryState {
  data: ToolsInventory | null;
  /** The thread `data` was fetched for; promotions in it only apply to that thread. */
  fetchedFor: string | null;
  error: string | null;
  loading: boolean;
}

/**
 * GET /api/tools for the open thread, again whenever any of `triggers` changes (the thread's
 * promotions, a finished run) or `refresh` is called. The last good inventory stays on screen
 * while a new one loads or when a fetch fails.
 */
export function useToolInventory(threadId: string | null, triggers: readonly unknown[]) {
  const [state, setState] = useState<InventoryState>({ data: null, fetchedFor: null, error: null, loading: true });
  const [manual, setManual] = useState(0);
  const triggerKey = JSON.stringify(triggers);

  useEffect(() => {
    const ac = new AbortController();
    const url = threadId ? `/api/tools?thread_id=${encodeURIComponent(threadId)}` : "/api/tools";
    setState((s) => ({ ...s, loading: true }));
    fetchJson(url, toolsInventorySchema, ac.signal).then(
      (data) => setState({ data, fetchedFor: threadId, error: null, loading: false }),
      (e: unknown) => {
        if (!ac.signal.aborted) setState((s) => ({ ...s, error: errorText(e), loading: false }));
      },
    );
    return () => ac.abort();
  }, [threadId, triggerKey, manual]);

  return { ...state, refresh: () => setManual((n) => n + 1) };
}
