"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { ChevronIcon, LockIcon } from "@/components/icons";
import { isConflict } from "@/components/lib/request-json";
import { requestMessage } from "@/components/lib/send-json";
import type { ServerRow, ServerState } from "@/components/lib/servers";
import type { McpServerProbeResult } from "@/lib/contracts/mcp-servers";
import { TestResult } from "./test-result";
import { ToolCosts } from "./tool-costs";
import { serversApi } from "./use-mcp-servers";

const DOT: Record<ServerState, string> = {
  connected: "bg-emerald-500",
  sleeping: "bg-stone-400",
  failed: "bg-red-500",
  disabled: "bg-stone-300",
  pending: "bg-amber-400 animate-pulse",
  signin: "bg-sky-500",
};

const BUTTON =
  "rounded-md border border-stone-300 px-2 py-0.5 text-[11px] font-medium hover:bg-stone-50 disabled:opacity-50";

export interface ServerCardProps {
  row: ServerRow;
  etag: string;
  onEdit: () => void;
  /** Something changed on the server side: read the list (and the tools) again. */
  onChanged: () => void;
}

/** One server: state, transport, tools and cost; enable/disable, edit, test, remove, sign in or out. */
export function ServerCard({ row, etag, onEdit, onChanged }: ServerCardProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tested, setTested] = useState<McpServerProbeResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The switch shows the state asked for while the change is saved; the list read afterwards has the last word.
  const [asked, setAsked] = useState<boolean | null>(null);
  const [seen, setSeen] = useState(row.view.enabled);
  if (seen !== row.view.enabled) {
    setSeen(row.view.enabled);
    setAsked(null);
  }

  const act = async (what: string, work: () => Promise<unknown>, refresh = true): Promise<boolean> => {
    setBusy(what);
    setError(null);
    try {
      await work();
      if (refresh) onChanged();
      return true;
    } catch (e) {
      const conflict = isConflict(e);
      setError(conflict ? t("servers.conflict", { detail: requestMessage(e) }) : requestMessage(e));
      if (conflict) onChanged();
      return false;
    } finally {
      setBusy(null);
    }
  };

  const signIn = () =>
    act(
      "signin",
      async () => {
        const { authorization_url } = await serversApi.signIn(row.name);
        window.location.assign(authorization_url);
      },
      false,
    );

  return (
    <section
      data-testid="server-card"
      data-server-name={row.name}
      data-state={row.state}
      className="rounded-lg border border-stone-200 bg-white"
    >
      <div className="flex items-start gap-2 px-2.5 py-2">
        <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${DOT[row.state]}`} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            <span className="truncate text-sm font-medium">{row.name}</span>
            <span className="shrink-0 rounded bg-stone-100 px-1 text-[10px] text-stone-600">{row.transport}</span>
            <span className="ml-auto shrink-0 text-[11px] tabular-nums text-stone-500">
              {row.state === "disabled" ? "" : t("servers.tools", { count: row.toolCount })}
            </span>
          </div>
          <div className="flex flex-wrap items-baseline gap-x-2 text-[11px]">
            <span data-testid="server-state" className={row.state === "failed" ? "text-red-700" : "text-stone-500"}>
              {t(`servers.state.${row.state}`)}
            </span>
            {row.state === "connected" && row.connectMs !== null && (
              <span className="text-stone-400">{t("servers.connectMs", { ms: row.connectMs })}</span>
            )}
            {row.auth === "sign_out" && (
              <span data-testid="server-signed-in" className="inline-flex items-center gap-0.5 text-emerald-700">
                <LockIcon className="h-3 w-3" /> {t("servers.signedInAs")}
              </span>
            )}
            {row.cost.total > 0 && (
              <span data-testid="server-cost" className="ml-auto font-mono tabular-nums text-stone-400">
                {t("servers.tok", { count: row.cost.total })}
              </span>
            )}
          </div>
          {row.description && <p className="truncate text-[11px] text-stone-500">{row.description}</p>}
        </div>
        <label className="mt-0.5 flex shrink-0 items-center" title={t("servers.enabledLabel", { name: row.name })}>
          <input
            type="checkbox"
            data-testid="server-enabled"
            aria-label={t("servers.enabledLabel", { name: row.name })}
            checked={asked ?? row.view.enabled}
            disabled={busy !== null}
            onChange={(e) => {
              const enabled = e.target.checked;
              setAsked(enabled);
              void act("toggle", () => serversApi.setEnabled(etag, row.name, enabled)).then((ok) => {
                if (!ok) setAsked(null);
              });
            }}
          />
        </label>
      </div>

      {row.state === "signin" && (
        <p className="mx-2.5 mb-2 rounded bg-sky-50 px-2 py-1 text-[11px] text-sky-900">{t("servers.signInHint")}</p>
      )}
      {row.error && (
        <p
          data-testid="server-error"
          className="mx-2.5 mb-2 break-words rounded bg-red-50 px-2 py-1 font-mono text-[11px] text-red-800"
        >
          {row.error}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-1.5 px-2.5 pb-2">
        {row.auth === "sign_in" && (
          <button
            type="button"
            data-testid="server-sign-in"
            aria-label={t("servers.signInNamed", { name: row.name })}
            onClick={() => void signIn()}
            disabled={busy !== null}
            className="rounded-md bg-sky-600 px-2 py-0.5 text-[11px] font-medium text-white hover:bg-sky-700 disabled:opacity-50"
          >
            {t("servers.signIn")}
          </button>
        )}
        {row.auth === "sign_out" && (
          <button
            type="button"
            data-testid="server-sign-out"
            aria-label={t("servers.signOutNamed", { name: row.name })}
            onClick={() => void act("signout", () => serversApi.signOut(row.name))}
            disabled={busy !== null}
            className={BUTTON}
          >
            {t("servers.signOut")}
          </button>
        )}
        <button
          type="button"
          data-testid="server-edit"
          aria-label={t("servers.editNamed", { name: row.name })}
          onClick={onEdit}
          disabled={busy !== null}
          className={BUTTON}
        >
          {t("servers.edit")}
        </button>
        <button
          type="button"
          data-testid="server-test"
          aria-label={t("servers.testNamed", { name: row.name })}
          onClick={() => void act("test", async () => setTested(await serversApi.test(row.name, null)), false)}
          disabled={busy !== null}
          className={BUTTON}
        >
          {busy === "test" ? t("servers.testing") : t("servers.test")}
        </button>
        {confirming ? (
          <span className="inline-flex items-center gap-1 text-[11px]">
            {t("servers.removeConfirm", { name: row.name })}
            <button
              type="button"
              data-testid="server-remove-confirm"
              aria-label={t("servers.removeNamed", { name: row.name })}
              onClick={() => void act("remove", () => serversApi.remove(etag, row.name))}
              className="rounded-md bg-red-600 px-2 py-0.5 font-medium text-white hover:bg-red-700"
            >
              {t("servers.remove")}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={BUTTON}>
              {t("servers.keep")}
            </button>
          </span>
        ) : (
          <button
            type="button"
            data-testid="server-remove"
            aria-label={t("servers.removeNamed", { name: row.name })}
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
            className={`${BUTTON} text-red-700`}
          >
            {t("servers.remove")}
          </button>
        )}
        {row.tools.length > 0 && (
          <button
            type="button"
            data-testid="server-tools-toggle"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="ml-auto inline-flex items-center gap-0.5 text-[11px] text-stone-600 hover:text-stone-900"
          >
            <ChevronIcon className={`transition-transform ${open ? "rotate-90" : ""}`} />
            {t("servers.showTools")}
          </button>
        )}
      </div>

      {error && (
        <p
          data-testid="server-action-error"
          role="alert"
          className="mx-2.5 mb-2 break-words rounded bg-red-50 px-2 py-1 text-[11px] text-red-800"
        >
          {error}
        </p>
      )}
      {row.state === "disabled" && !tested && (
        <p className="mx-2.5 mb-2 text-[11px] text-stone-500">{t("servers.costDisabled")}</p>
      )}
      {tested && (
        <div className="mx-2.5 mb-2">
          <TestResult result={tested} disabled={row.state === "disabled"} />
        </div>
      )}
      {open && row.tools.length > 0 && (
        <div className="border-t border-stone-100 px-2.5 py-2">
          <ToolCosts tools={row.tools} cost={row.cost} />
        </div>
      )}
    </section>
  );
}
