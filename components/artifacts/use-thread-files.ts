"use client";

import { useEffect, useState } from "react";
import { EMPTY_LISTING, filesListingSchema, filesUrl, type FilesListing } from "@/components/lib/artifacts";
import { fetchJson } from "@/components/lib/fetch-json";
import { errorText } from "@/components/lib/message-content";

export interface ThreadFilesState {
  data: FilesListing;
  /** The thread `data` belongs to; a listing is never shown for another thread. */
  fetchedFor: string | null;
  error: string | null;
  loading: boolean;
}

/**
 * GET /api/files/{threadId}, again whenever any of `triggers` changes (the presented paths, a
 * finished run, an upload) or `refresh` is called. A new thread has no files and is not asked about.
 */
export function useThreadFiles(threadId: string | null, triggers: readonly unknown[]) {
  const [state, setState] = useState<ThreadFilesState>({ data: EMPTY_LISTING, fetchedFor: null, error: null, loading: false });
  const [manual, setManual] = useState(0);
  const triggerKey = JSON.stringify(triggers);

  useEffect(() => {
    if (!threadId) {
      setState({ data: EMPTY_LISTING, fetchedFor: null, error: null, loading: false });
      return;
    }
    const ac = new AbortController();
    setState((s) => (s.fetchedFor === threadId ? { ...s, loading: true } : { data: EMPTY_LISTING, fetchedFor: threadId, error: null, loading: true }));
    fetchJson(filesUrl(threadId), filesListingSchema, ac.signal).then(
      (data) => setState({ data, fetchedFor: threadId, error: null, loading: false }),
      (e: unknown) => {
        if (!ac.signal.aborted) setState((s) => ({ ...s, error: `Could not list the thread's files: ${errorText(e)}`, loading: false }));
      },
    );
    return () => ac.abort();
  }, [threadId, triggerKey, manual]);

  return { ...state, refresh: () => setManual((n) => n + 1) };
}
