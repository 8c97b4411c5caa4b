"use client";

import { useEffect, useState } from "react";
import type { z } from "zod";
import { fetchJson } from "@/components/lib/fetch-json";
import { useT } from "@/components/i18n/i18n";
import { failureText } from "@/components/lib/errors";

export interface FetchedState<T> {
  data: T;
  /** The thread `data` belongs to: what it says only applies to that thread. */
  fetchedFor: string | null;
  error: string | null;
  loading: boolean;
}

export interface RefetchOptions<S extends z.ZodType> {
  /** null: nothing to fetch (the state goes back to `initial`). */
  url: string | null;
  /** The thread the URL is about. */
  threadId: string | null;
  schema: S;
  /** A module-level constant: it is the value before the first answer. */
  initial: z.output<S>;
  /** Keep showing the previous thread's data while another thread's loads (else it is cleared). */
  keepWhileSwitching: boolean;
  /** Refetch whenever any of these changes. */
  triggers: readonly unknown[];
}

/** GET a JSON document for the open thread, validated, again on every trigger or `refresh()`; aborts stale requests. */
export function useRefetchingJson<S extends z.ZodType>(
  opts: RefetchOptions<S>,
): FetchedState<z.output<S>> & { refresh: () => void } {
  const { url, threadId, schema, initial, keepWhileSwitching } = opts;
  const unreachable = useT()("error.network");
  const [state, setState] = useState<FetchedState<z.output<S>>>({
    data: initial,
    fetchedFor: null,
    error: null,
    loading: url !== null,
  });
  const [manual, setManual] = useState(0);
  const triggerKey = JSON.stringify(opts.triggers);

  // biome-ignore lint/correctness/useExhaustiveDependencies: triggerKey and manual are re-fetch triggers
  useEffect(() => {
    if (url === null) {
      setState({ data: initial, fetchedFor: null, error: null, loading: false });
      return;
    }
    const ac = new AbortController();
    setState((s) =>
      keepWhileSwitching || s.fetchedFor === threadId
        ? { ...s, loading: true }
        : { data: initial, fetchedFor: threadId, error: null, loading: true },
    );
    fetchJson(url, schema, ac.signal).then(
      (data) => setState({ data, fetchedFor: threadId, error: null, loading: false }),
      (e: unknown) => {
        if (!ac.signal.aborted) setState((s) => ({ ...s, error: failureText(e, unreachable), loading: false }));
      },
    );
    return () => ac.abort();
  }, [url, threadId, schema, initial, keepWhileSwitching, triggerKey, manual]);

  return { ...state, refresh: () => setManual((n) => n + 1) };
}
