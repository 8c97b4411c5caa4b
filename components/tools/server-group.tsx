"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { ChevronIcon } from "@/components/icons";
import type { ServerView } from "@/components/lib/tools-inventory";
import { ToolEntryRow } from "./tool-entry";

const STATUS = {
  connected: { dot: "bg-emerald-500", label: "tools.status.connected" },
  failed: { dot: "bg-red-500", label: "tools.status.failed" },
  disabled: { dot: "bg-stone-300", label: "tools.status.disabled" },
} as const satisfies Record<ServerView["server"]["status"], { dot: string; label: string }>;

/** One MCP server: its status (and error), and its tools that are not promoted. */
export function ServerGroup({ view, filtering }: { view: ServerView; filtering: boolean }) {
  const { server, tools, promotedCount } = view;
  const [open, setOpen] = useState(true);
  const expanded = open || filtering;
  const status = STATUS[server.status];
  const t = useT();
  return (
    <section
      data-testid="mcp-server"
      data-server-name={server.name}
      data-status={server.status}
      className="rounded-lg border border-stone-200 bg-white"
    >
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={expanded}
        className="flex w-full items-center gap-2 px-2.5 py-2 text-left"
      >
        <ChevronIcon className={`shrink-0 text-stone-400 transition-transform ${expanded ? "rotate-90" : ""}`} />
        <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${status.dot}`} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className="truncate text-sm font-medium">{server.name}</span>
            <span className="ml-auto shrink-0 text-[11px] tabular-nums text-stone-500">
              {t("tools.serverTools", { count: server.tools })}
            </span>
          </span>
          <span className="flex items-baseline gap-2 text-[11px]">
            <span
              data-testid="mcp-server-status"
              className={server.status === "failed" ? "text-red-700" : "text-stone-500"}
            >
              {t(status.label)}
              {server.transport ? ` · ${server.transport}` : ""}
            </span>
            {promotedCount > 0 && (
              <span className="ml-auto text-emerald-700">{t("tools.countPromoted", { count: promotedCount })}</span>
            )}
          </span>
        </span>
      </button>
      {server.error && (
        <p
          data-testid="mcp-server-error"
          className="mx-2.5 mb-2 break-words rounded bg-red-50 px-2 py-1 font-mono text-[11px] text-red-800"
        >
          {server.error}
        </p>
      )}
      {expanded && tools.length > 0 && (
        <ul className="border-t border-stone-100 px-1 py-1">
          {tools.map((t) => (
            <ToolEntryRow key={t.name} tool={t} />
          ))}
        </ul>
      )}
    </section>
  );
}
