"use client";

import { useT } from "@/components/i18n/i18n";
import type { MessageKey } from "@/components/i18n/en";
import { say } from "@/components/i18n/phrase";
import type { InventoryView } from "@/components/lib/tools-inventory";

const REASON_LABEL: Record<string, MessageKey> = {
  evicted: "tools.reason.evicted",
  over_budget: "tools.reason.over_budget",
  upgrade: "tools.reason.upgrade",
};

/** Tools that left the promoted set, with why; they can be promoted again by a search. */
export function DemotedList({ demoted }: { demoted: InventoryView["demoted"] }) {
  const t = useT();
  return (
    <ul className="rounded-lg border border-stone-200 bg-white p-1">
      {demoted.map((d) => (
        <li
          key={d.name}
          data-testid="demoted-tool"
          data-tool-name={d.name}
          data-reason={d.reason}
          className="rounded-md px-2 py-1"
        >
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 rounded-full border border-amber-500" />
            <code className="truncate font-mono text-xs text-stone-500 line-through">{d.name}</code>
            {d.server && (
              <span className="shrink-0 rounded bg-stone-100 px-1 text-[10px] text-stone-600">{d.server}</span>
            )}
            <span className="shrink-0 rounded bg-amber-100 px-1 text-[10px] text-amber-800">
              {REASON_LABEL[d.reason] ? t(REASON_LABEL[d.reason] as MessageKey) : d.reason}
            </span>
            {d.tokens > 0 && (
              <span className="ml-auto shrink-0 font-mono text-[10px] tabular-nums text-stone-400">
                −{t("tools.tok", { count: d.tokens })}
              </span>
            )}
          </div>
          <div data-testid="demoted-why" className="pl-3.5 text-[11px] text-stone-500">
            {say(t, d.why)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Promotions that stopped counting because the server changed (or dropped) that one tool. */
export function DriftedList({ drifted }: { drifted: InventoryView["drifted"] }) {
  const t = useT();
  return (
    <ul className="rounded-lg border border-amber-300 bg-amber-50 p-1">
      {drifted.map((d) => (
        <li key={d.name} data-testid="drifted-tool" data-tool-name={d.name} className="rounded-md px-2 py-1">
          <code className="font-mono text-xs text-amber-900 line-through">{d.name}</code>
          {d.server && <span className="ml-2 rounded bg-white/70 px-1 text-[10px] text-stone-600">{d.server}</span>}
          <div data-testid="drifted-why" className="text-[11px] text-amber-900">
            {say(t, d.why)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The newest catalog change (e.g. after an MCP server's tools/list_changed), tool by tool. */
export function CatalogChangeNotice({ change }: { change: NonNullable<InventoryView["catalogChange"]> }) {
  const t = useT();
  const time = new Date(change.at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  const rows = [
    ...change.changed.map((c) => ({ mark: "~", name: c.name, note: c.fields.join(", ") })),
    ...change.added.map((name) => ({ mark: "+", name, note: "" })),
    ...change.removed.map((name) => ({ mark: "−", name, note: "" })),
  ];
  return (
    <details
      data-testid="catalog-change"
      className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-xs text-sky-900"
    >
      <summary>
        {t("tools.catalogChanged", {
          time,
          changed: change.changed.length,
          added: change.added.length,
          removed: change.removed.length,
        })}
      </summary>
      <ul className="mt-1 space-y-0.5 font-mono">
        {rows.slice(0, 50).map((r) => (
          <li key={`${r.mark}${r.name}`} data-testid="catalog-change-row" data-tool-name={r.name} data-kind={r.mark}>
            {r.mark} {r.name}
            {r.note ? <span className="text-sky-700"> ({r.note})</span> : null}
          </li>
        ))}
        {rows.length > 50 && <li>{t("tools.catalogMore", { count: rows.length - 50 })}</li>}
      </ul>
    </details>
  );
}
