"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { ChevronIcon } from "@/components/icons";
import type { ServerView } from "@/components/lib/tools-inventory";
import { ToolEntryRow } from "./tool-entry";

const STATUS = {
  connected: { dot: "bg-emerald-500", label: "tools.status.connected" },
  sleeping: { dot: "bg-sky-300", label: "tools.status.sleeping" },
  failed: { dot: "bg-red-500", label: "tools.status.failed" },
  disabled: { dot: "bg-stone-300", label: "tools.status.disabled" },
} as const satisfies Record<ServerView["server"]["status"], { dot: string; label: string }>;

const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** One MCP server: its status (running or sleeping, or its error), lifecycle, and its tools that are not promoted. */
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
      data-lifecycle={server.lifecycle}
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
            <span
              data-testid="mcp-server-lifecycle"
              title={server.lifecycle_reason ?? undefined}
              className="text-stone-400"
            >
              {t(server.lifecycle === "lazy" ? "tools.lifecycle.lazy" : "tools.lifecycle.eager")}
            </span>
            {promotedCount > 0 && (
              <span className="ml-auto text-emerald-700">{t("tools.countPromoted", { count: promotedCount })}</span>
            )}
          </span>
        </span>
      </button>
      {(server.cached_at || (server.lifecycle === "lazy" && server.idle_timeout_s)) && (
        <p data-testid="mcp-server-paging" className="mx-2.5 -mt-1 mb-1.5 pl-6 text-[11px] text-stone-400">
          {server.lifecycle === "lazy" && server.idle_timeout_s
            ? t("tools.idleStop", { seconds: server.idle_timeout_s })
            : ""}
          {server.lifecycle === "lazy" && server.idle_timeout_s && server.cached_at ? " · " : ""}
          {server.cached_at && (
            <span data-testid="mcp-server-cached-at" data-cached-at={server.cached_at}>
              {t("tools.cachedAt", { time: clockTime(server.cached_at) })}
            </span>
          )}
        </p>
      )}
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
