"use client";

import { useMemo, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { fillNodes } from "@/components/i18n/rich";
import { CloseIcon, RefreshIcon } from "@/components/icons";
import { inventoryView, type LivePromotion } from "@/components/lib/tools-inventory";
import { CatalogChangeNotice, DemotedList, DriftedList } from "./promotion-sections";
import { ServerGroup } from "./server-group";
import { TokenMeter } from "./token-meter";
import { ToolSearchSettings } from "./tool-search-settings";
import { ToolEntryRow } from "./tool-entry";
import type { InventoryState } from "./use-tool-inventory";

export interface ToolsPanelProps {
  inventory: InventoryState;
  threadId: string | null;
  /** `values.promoted` from the stream: applied at once, before the inventory is fetched again. */
  live: LivePromotion | null | undefined;
  /** The query of the tool_search call that loaded each promoted tool, as the thread's messages say (promoted-by.ts). */
  promotedBy?: ReadonlyMap<string, string>;
  onRefresh: () => void;
  /** Shown on narrow windows, where the panel is a drawer. */
  onClose?: () => void;
  className?: string;
}

/** What the model can call right now in this thread, what it could promote, and what that costs. */
export function ToolsPanel({
  inventory,
  threadId,
  live,
  promotedBy,
  onRefresh,
  onClose,
  className = "",
}: ToolsPanelProps) {
  const [filter, setFilter] = useState("");
  const { data } = inventory;
  const sameThread = inventory.fetchedFor === threadId;
  const view = useMemo(
    () => (data ? inventoryView(data, { live, sameThread, filter }) : null),
    [data, live, sameThread, filter],
  );
  const filtering = filter.trim() !== "";
  const t = useT();

  return (
    <aside
      data-testid="tools-panel"
      aria-label={t("tools.title")}
      className={`flex min-h-0 flex-col border-l border-stone-200 bg-stone-100 ${className}`}
    >
      <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
        <h2 className="text-sm font-semibold">{t("tools.title")}</h2>
        {view && (
          <span data-testid="tool-counts" className="text-xs text-stone-500">
            <span className="text-emerald-700">{t("tools.countPromoted", { count: view.counts.promoted })}</span> ·{" "}
            {t("tools.countDeferred", { count: view.counts.deferred })} ·{" "}
            {t("tools.countTotal", { count: view.counts.total })}
          </span>
        )}
        <button
          type="button"
          onClick={onRefresh}
          title={t("tools.reload")}
          aria-label={t("tools.reload")}
          className={`ml-auto rounded p-1 text-stone-500 hover:bg-stone-200 ${inventory.loading ? "animate-spin" : ""}`}
        >
          <RefreshIcon />
        </button>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t("tools.close")}
            className="rounded p-1 text-stone-500 hover:bg-stone-200 lg:hidden"
          >
            <CloseIcon />
          </button>
        )}
      </div>

      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-3">
        {inventory.error && (
          <p
            data-testid="tools-error"
            role="alert"
            className="break-words rounded bg-red-50 px-2 py-1.5 text-xs text-red-800"
          >
            {inventory.error}
          </p>
        )}
        {data?.error && (
          <p
            data-testid="config-error"
            role="alert"
            className="break-words rounded bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
          >
            {t("tools.configError", { detail: data.error })}
          </p>
        )}
        {data && data.warnings.length > 0 && (
          <details data-testid="config-warnings" className="rounded bg-stone-100 px-2 py-1.5 text-xs text-stone-700">
            <summary>{t("tools.warnings", { count: data.warnings.length })}</summary>
            <ul className="mt-1 list-disc space-y-0.5 pl-4">
              {data.warnings.map((w) => (
                <li key={w} className="break-words">
                  {w}
                </li>
              ))}
            </ul>
          </details>
        )}
        {!view && !inventory.error && <p className="text-xs text-stone-500">{t("tools.loading")}</p>}
        {view && data && (
          <>
            <div className="space-y-2 rounded-lg border border-stone-200 bg-white p-3">
              <TokenMeter nextCall={view.tokens.nextCall} allBound={view.tokens.allBound} />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-stone-500">
                <span>
                  {t("tools.catalog")}{" "}
                  <code data-testid="catalog-hash" className="rounded bg-stone-100 px-1 font-mono text-stone-800">
                    {data.catalog_hash ?? t("tools.catalogNone")}
                  </code>
                </span>
                <span data-testid="tool-search-setting">
                  tool_search{" "}
                  {data.tool_search.enabled
                    ? t("tools.searchOn", { count: data.tool_search.max_results })
                    : t("tools.searchOff")}
                </span>
              </div>
              <ToolSearchSettings settings={data.tool_search} budget={view.budget} />
            </div>

            <input
              type="search"
              data-testid="tools-filter"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t("tools.filter")}
              aria-label={t("tools.filterLabel")}
              className="w-full rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 focus:border-fawn-400"
            />

            {view.catalogChange && <CatalogChangeNotice change={view.catalogChange} />}

            {view.drifted.length > 0 && (
              <Section title={t("tools.drifted", { count: view.drifted.length })} testId="drifted-section">
                <DriftedList drifted={view.drifted} />
              </Section>
            )}

            <Section title={t("tools.promoted", { count: view.promoted.length })} testId="promoted-section">
              {view.promoted.length > 0 ? (
                <ul className="rounded-lg border border-emerald-200 bg-emerald-50/40 p-1">
                  {view.promoted.map((t) => (
                    <ToolEntryRow key={t.name} tool={t} showServer why={promotedBy?.get(t.name)} />
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-stone-500">
                  {filtering ? t("tools.promotedNoMatch") : t("tools.promotedNone")}
                </p>
              )}
            </Section>

            {view.demoted.length > 0 && (
              <Section title={t("tools.demoted", { count: view.demoted.length })} testId="demoted-section">
                <DemotedList demoted={view.demoted} />
              </Section>
            )}

            <Section title={t("tools.bound", { count: view.bound.length })} testId="bound-section">
              {view.bound.length > 0 ? (
                <ul className="rounded-lg border border-stone-200 bg-white p-1">
                  {view.bound.map((t) => (
                    <ToolEntryRow key={t.name} tool={t} />
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-stone-500">{filtering ? t("tools.boundNoMatch") : t("tools.boundNone")}</p>
              )}
            </Section>

            <Section title={t("tools.servers", { count: data.mcp_servers.length })} testId="servers-section">
              {view.servers.length > 0 ? (
                <div className="space-y-2">
                  {view.servers.map((s) => (
                    <ServerGroup key={s.server.name} view={s} filtering={filtering} />
                  ))}
                </div>
              ) : (
                <p className="text-xs text-stone-500">
                  {filtering ? t("tools.serversNoMatch") : t("tools.serversNone")}
                </p>
              )}
            </Section>

            {view.shadowed.length > 0 && (
              <Section title={t("tools.shadowed", { count: view.shadowed.length })} testId="shadowed-section">
                <ul className="space-y-1 rounded-lg border border-stone-200 bg-white p-2 text-xs">
                  {view.shadowed.map((s, i) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: a name can be shadowed twice by the same source
                      key={`${s.name}-${s.source}-${s.server ?? ""}-${i}`}
                      data-testid="shadowed-tool"
                      data-tool-name={s.name}
                    >
                      <code className="font-mono text-stone-500 line-through">{s.name}</code>{" "}
                      <span className="text-stone-500">
                        {fillNodes(
                          s.server
                            ? t("tools.shadowedFromServer", { source: s.source, server: s.server })
                            : t("tools.shadowedFrom", { source: s.source }),
                          {
                            by: (
                              <span data-testid="shadowed-by" className="font-medium text-stone-700">
                                {s.shadowed_by}
                              </span>
                            ),
                          },
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              </Section>
            )}
          </>
        )}
      </div>
    </aside>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section data-testid={testId}>
      <h3 className="mb-1.5 text-[11px] font-semibold uppercase tracking-wide text-stone-500">{title}</h3>
      {children}
    </section>
  );
}
