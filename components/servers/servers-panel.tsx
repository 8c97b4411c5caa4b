"use client";

import { useMemo, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { PlusIcon, RefreshIcon } from "@/components/icons";
import { EMPTY_FORM, formFromServer } from "@/components/lib/server-form";
import { type OAuthNotice, serverRows, serversTotals } from "@/components/lib/servers";
import { ServerCard } from "./server-card";
import { ServerForm } from "./server-form";
import { useMcpServers } from "./use-mcp-servers";

export interface ServersPanelProps {
  /** A server was added, changed, removed or signed in: the tools panel should read the inventory again. */
  onChanged: () => void;
  /** Changes when server states may have changed elsewhere (a run woke a lazy server, the catalog changed). */
  refreshKey?: string;
  /** What the OAuth callback reported, shown once at the top. */
  notice: OAuthNotice | null;
  onDismissNotice: () => void;
  className?: string;
}

/** MCP servers managed from the browser: list with state and cost, add, edit, test, toggle, remove, sign in. */
export function ServersPanel({
  onChanged,
  refreshKey = "",
  notice,
  onDismissNotice,
  className = "",
}: ServersPanelProps) {
  const t = useT();
  const servers = useMcpServers([notice?.kind === "signed_in" ? notice.server : "", refreshKey]);
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const doc = servers.data;
  const rows = useMemo(() => (doc ? serverRows(doc) : []), [doc]);
  const totals = serversTotals(rows);
  const changed = () => {
    servers.refresh();
    onChanged();
  };
  // The add form and an edit form end the same way: saved (the list and the tools panel refresh) or cancelled.
  const formSaved = () => {
    setEditing(null);
    changed();
  };
  const formCancelled = () => setEditing(null);
  const editingRow = editing && editing !== "new" ? rows.find((r) => r.name === editing) : undefined;

  return (
    <aside
      data-testid="servers-panel"
      aria-label={t("servers.title")}
      className={`flex min-h-0 flex-col bg-stone-100 ${className}`}
    >
      <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
        <h2 className="text-sm font-semibold">{t("servers.title")}</h2>
        <button
          type="button"
          data-testid="servers-add"
          onClick={() => setEditing("new")}
          disabled={!doc || editing !== null}
          className="ml-auto inline-flex items-center gap-1 rounded-md border border-stone-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-stone-50 disabled:opacity-50"
        >
          <PlusIcon className="h-3.5 w-3.5" /> {t("servers.add")}
        </button>
        <button
          type="button"
          onClick={servers.refresh}
          title={t("servers.reload")}
          aria-label={t("servers.reload")}
          className={`rounded p-1 text-stone-500 hover:bg-stone-200 ${servers.loading ? "animate-spin" : ""}`}
        >
          <RefreshIcon />
        </button>
      </div>

      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3">
        {notice && (
          <div
            data-testid="oauth-notice"
            data-kind={notice.kind}
            role="status"
            className={`flex items-start gap-2 rounded px-2 py-1.5 text-xs ${notice.kind === "signed_in" ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
          >
            <span className="min-w-0 flex-1 break-words">
              {notice.kind === "signed_in"
                ? t("servers.signedIn", { name: notice.server })
                : notice.server
                  ? t("servers.signInFailed", { name: notice.server, detail: notice.detail })
                  : t("servers.signInFailedUnknown", { detail: notice.detail })}
            </span>
            <button type="button" onClick={onDismissNotice} className="shrink-0 underline">
              {t("servers.dismiss")}
            </button>
          </div>
        )}
        {servers.error && (
          <p role="alert" className="break-words rounded bg-red-50 px-2 py-1.5 text-xs text-red-800">
            {t("servers.loadFailed", { detail: servers.error })}
          </p>
        )}
        {doc?.error && (
          <p
            data-testid="servers-config-error"
            role="alert"
            className="break-words rounded bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
          >
            {t("servers.configError", { detail: doc.error })}
          </p>
        )}
        {!doc && !servers.error && <p className="text-xs text-stone-500">{t("servers.loading")}</p>}
        {doc && (
          <>
            <p data-testid="servers-totals" className="text-[11px] text-stone-500">
              {t("servers.totals", {
                ready: totals.ready,
                running: totals.running,
                count: totals.servers,
                bound: totals.bound,
                deferred: totals.deferred,
              })}
            </p>
            {editing === "new" && (
              <ServerForm
                mode="add"
                initial={EMPTY_FORM}
                etag={doc.etag}
                onSaved={formSaved}
                onCancel={formCancelled}
                onConflict={servers.refresh}
              />
            )}
            {rows.length === 0 && editing !== "new" && <p className="text-xs text-stone-500">{t("servers.none")}</p>}
            <div className="space-y-2">
              {rows.map((row) =>
                editingRow?.name === row.name ? (
                  <ServerForm
                    key={row.name}
                    mode="edit"
                    initial={formFromServer(row.view)}
                    base={row.view.entry}
                    etag={doc.etag}
                    onSaved={formSaved}
                    onCancel={formCancelled}
                    onConflict={servers.refresh}
                  />
                ) : (
                  <ServerCard
                    key={row.name}
                    row={row}
                    etag={doc.etag}
                    onEdit={() => setEditing(row.name)}
                    onChanged={changed}
                  />
                ),
              )}
            </div>
            <p className="text-[10px] text-stone-400">{t("servers.file", { file: doc.file })}</p>
          </>
        )}
      </div>
    </aside>
  );
}
