import { useT } from "@/components/i18n/i18n";
import { fillNodes } from "@/components/i18n/rich";
import { say } from "@/components/i18n/phrase";
import { listingWhy } from "@/components/lib/promotion-view";
import type { BudgetView, ToolsInventory } from "@/components/lib/tools-inventory";

const n = (x: number) => x.toLocaleString("en-US");

/** How tool_search is set up: listing mode, the promoted budget and its use, the relevance cut, prefetch, binding, the auto threshold. */
export function ToolSearchSettings({
  settings,
  budget,
}: {
  settings: ToolsInventory["tool_search"];
  budget: BudgetView;
}) {
  const t = useT();
  if (!settings.enabled) return null;
  const { listing } = settings;
  const why = listing ? listingWhy(listing) : null;
  const pct = budget.limit ? Math.min(100, (budget.tokens / budget.limit) * 100) : 0;
  return (
    <div className="space-y-1.5 text-[11px] text-stone-500">
      {listing?.mode && (
        <div data-testid="listing-mode" data-mode={listing.mode} data-setting={listing.setting}>
          {fillNodes(t("search.listing", { tokens: n(listing.tokens) }), {
            what: (
              <span className="font-medium text-stone-700">
                {t(listing.mode === "names" ? "search.listingNames" : "search.listingServers")}
              </span>
            ),
          })}
          {listing.omitted > 0 ? ` · ${t("search.omitted", { count: listing.omitted })}` : ""}
          {why ? <span className="text-stone-400"> ({say(t, why)})</span> : null}
        </div>
      )}
      <div
        data-testid="budget-meter"
        data-tokens={budget.tokens}
        data-limit={budget.limit ?? ""}
        className="space-y-0.5"
      >
        <div className="flex items-baseline justify-between">
          <span>{t("search.budget")}</span>
          <span className="font-mono tabular-nums text-stone-700">
            {fillNodes(
              t("search.budgetUse", {
                count: budget.count,
                tools: `${budget.count}${budget.countLimit ? ` / ${budget.countLimit}` : ""}`,
              }),
              {
                used: (
                  <>
                    <span data-testid="budget-used">{n(budget.tokens)}</span>
                    {budget.limit ? ` / ${n(budget.limit)}` : ""}
                  </>
                ),
              },
            )}
          </span>
        </div>
        {budget.limit ? (
          <div className="h-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
            <div
              className="h-full rounded-full bg-emerald-500 transition-[width] duration-500"
              style={{ width: `${pct}%` }}
            />
          </div>
        ) : (
          <div className="text-stone-400">{t("search.noLimit")}</div>
        )}
      </div>
      <div data-testid="relevance-setting">
        {settings.min_relative_score > 0
          ? t("search.relevance", { percent: Math.round(settings.min_relative_score * 100) })
          : t("search.relevanceAll")}
      </div>
      <div data-testid="prefetch-setting" data-enabled={settings.prefetch.enabled}>
        {settings.prefetch.enabled
          ? t("search.prefetchOn", { count: settings.prefetch.k, score: settings.prefetch.min_score })
          : t("search.prefetchOff")}
      </div>
      <div data-testid="binding-setting" data-binding={settings.binding}>
        {t(settings.binding === "proxy" ? "search.bindingProxy" : "search.bindingBind")}
      </div>
      <div data-testid="auto-threshold">
        {settings.auto_threshold_tokens > 0
          ? t("search.autoThreshold", { tokens: n(settings.auto_threshold_tokens) })
          : t("search.autoAlways")}
      </div>
    </div>
  );
}
