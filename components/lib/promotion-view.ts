import type { CatalogChange, Demotion, LivePromotion, ToolsInventory } from "./tools-inventory";

export interface BudgetView {
  /** Schema tokens the thread's promoted set holds, and the limit (null: none). */
  tokens: number;
  limit: number | null;
  count: number;
  countLimit: number | null;
}

/**
 * Names the stream says are promoted and that still count against the inventory's catalog: per
 * tool when the stream carries each tool's schema hash, else (the earlier shape) by catalog hash.
 */
export function liveActiveNames(inv: ToolsInventory, live: LivePromotion | null | undefined): Set<string> {
  if (!live) return new Set();
  if (live.tools) {
    const hashOf = new Map(inv.tools.map((t) => [t.name, t.hash]));
    return new Set(live.tools.filter((t) => (hashOf.get(t.name) ?? t.hash) === t.hash).map((t) => t.name));
  }
  const sameCatalog = live.catalog_hash == null || inv.catalog_hash == null || live.catalog_hash === inv.catalog_hash;
  return new Set(sameCatalog ? (live.names ?? []) : []);
}

const plural = (n: number, what: string) => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;

/** Why a tool left the promoted set, in words. */
export function demotionWhy(d: Demotion, inv: Pick<ToolsInventory, "tool_search">): string {
  const limit = inv.tool_search.budget.tokens;
  switch (d.reason) {
    case "evicted":
      return `made room for ${d.for.join(", ") || "a newer promotion"} under the budget: ${
        d.used_at === null ? "promoted but never called" : "the least recently called"
      }`;
    case "over_budget":
      return `did not fit the promoted budget${limit ? ` of ${plural(limit, "token")}` : ""}`;
    case "upgrade":
      return "promoted before promotions were kept per tool; search again to load it";
    default:
      return d.reason;
  }
}

/** Why a promotion stopped counting: what the server changed about its tool. */
export function driftWhy(d: { name: string; reason: "changed" | "removed" }, change: CatalogChange | null): string {
  if (d.reason === "removed") return "the server no longer lists this tool";
  const fields = change?.changed.find((c) => c.name === d.name)?.fields ?? [];
  return `the server changed its ${fields.length > 0 ? fields.join(" and ") : "schema"}; search again to load it`;
}

export function budgetView(
  inv: ToolsInventory,
  live: LivePromotion | null | undefined,
  thread: ToolsInventory["thread"],
): BudgetView {
  const { budget } = inv.tool_search;
  const liveTokens = live?.tools?.every((t) => typeof t.tokens === "number")
    ? live.tools.reduce((n, t) => n + (t.tokens ?? 0), 0)
    : null;
  return {
    tokens: liveTokens ?? thread?.budget_used.tokens ?? 0,
    limit: budget.tokens,
    count: live?.tools?.length ?? thread?.budget_used.count ?? 0,
    countLimit: budget.count,
  };
}
