"use client";

import { useEffect, useState } from "react";
import { fetchJson } from "@/components/lib/fetch-json";
import { ToolsStampSchema } from "@/lib/contracts/inventory";

// Often enough that a server's tools/list_changed shows within seconds; each poll is a few bytes.
const POLL_MS = 4000;

/**
 * Counts changes of the tool inventory that no run of this page caused (an MCP server changed its tools,
 * a server failed or came back, config.yaml was edited): polls GET /api/tools/stamp while the page is
 * visible, and counts each stamp that differs from the one before. A refetch trigger for the tools panel.
 */
export function useCatalogChanges(): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const ac = new AbortController();
    let last: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (document.visibilityState === "visible") {
        try {
          const { stamp } = await fetchJson("/api/tools/stamp", ToolsStampSchema, ac.signal);
          if (last !== null && stamp !== last) setChanges((n) => n + 1);
          last = stamp;
        } catch {
          // The inventory fetch reports a server that is down; the next poll tries again.
        }
      }
      if (!ac.signal.aborted) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, []);
  return changes;
}
