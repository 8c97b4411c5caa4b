"use client";

import { useCallback, useEffect, useState } from "react";

function readThreadParam(): string | null {
  return new URLSearchParams(window.location.search).get("thread") || null;
}

/**
 * The open thread, kept in `?thread=` so a reload (or a shared link) opens the same thread and the
 * browser's back button goes to the previous one. Only call on the client.
 */
export function useThreadParam(): [string | null, (id: string | null) => void] {
  const [threadId, setThreadId] = useState<string | null>(readThreadParam);

  useEffect(() => {
    const onPop = () => setThreadId(readThreadParam());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const set = useCallback((id: string | null) => {
    setThreadId(id);
    const url = new URL(window.location.href);
    if (id) url.searchParams.set("thread", id);
    else url.searchParams.delete("thread");
    if (url.href !== window.location.href) window.history.pushState(null, "", url);
  }, []);

  return [threadId, set];
}
