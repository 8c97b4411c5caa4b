import type { BudgetView, ToolsInventory } from "@/components/lib/tools-inventory";

const n = (x: number) => x.toLocaleString("en-US");

/** How tool_search is set up: listing mode, the promoted budget and its use, the relevance cut, the auto threshold. */
export function ToolSearchSettings({
  settings,
  budget,
}: {
  settings: ToolsInventory["tool_search"];
  budget: BudgetView;
}) {
  if (!settings.enabled) return null;
  const { listing } = settings;
  const pct = budget.limit ? Math.min(100, (budget.tokens / budget.limit) * 100) : 0;
  return (
    <div className="space-y-1.5 text-[11px] text-stone-500">
      {listing?.mode && (
        <div data-testid="listing-mode" data-mode={listing.mode} data-setting={listing.setting}>
          prompt lists{" "}
          <span className="font-medium text-stone-700">{listing.mode === "names" ? "tool names" : "servers"}</span> ·{" "}
          {n(listing.tokens)} tokens
          {listing.omitted > 0 ? ` · ${listing.omitted} servers left out` : ""}
          {listing.reason ? <span className="text-stone-400"> ({listing.reason})</span> : null}
        </div>
      )}
      <div
        data-testid="budget-meter"
        data-tokens={budget.tokens}
        data-limit={budget.limit ?? ""}
        className="space-y-0.5"
      >
        <div className="flex items-baseline justify-between">
          <span>promoted budget</span>
          <span className="font-mono tabular-nums text-stone-700">
            <span data-testid="budget-used">{n(budget.tokens)}</span>
            {budget.limit ? ` / ${n(budget.limit)}` : ""} tokens · {budget.count}
            {budget.countLimit ? ` / ${budget.countLimit}` : ""} tool{budget.count === 1 ? "" : "s"}
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
          <div className="text-stone-400">no limit: promoted tools are never demoted</div>
        )}
      </div>
      <div data-testid="relevance-setting">
        {settings.min_relative_score > 0
          ? `results below ${Math.round(settings.min_relative_score * 100)} % of the best match are named, not loaded`
          : "every result of a search is loaded"}
      </div>
      <div data-testid="auto-threshold">
        {settings.auto_threshold_tokens > 0
          ? `defer: auto tools are deferred only when their schemas exceed ${n(settings.auto_threshold_tokens)} tokens`
          : "defer: auto tools are always deferred"}
      </div>
    </div>
  );
}
