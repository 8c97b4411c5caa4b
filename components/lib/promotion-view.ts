import { type Phrase, phrase } from "@/components/i18n/phrase";
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

/** Why a tool left the promoted set, as a phrase of the message catalog. */
export function demotionWhy(d: Demotion, inv: Pick<ToolsInventory, "tool_search">): Phrase {
  const limit = inv.tool_search.budget.tokens;
  switch (d.reason) {
    case "evicted":
      return phrase("why.evicted", {
        names: d.for.length > 0 ? d.for.join(", ") : phrase("why.newerPromotion"),
        which: phrase(d.used_at === null ? "why.neverCalled" : "why.leastRecent"),
      });
    case "over_budget":
      return limit
        ? phrase("why.overBudgetOf", { count: limit, tokens: limit.toLocaleString("en-US") })
        : phrase("why.overBudget");
    case "upgrade":
      return phrase("why.upgrade");
    default:
      return phrase("why.other", { reason: d.reason });
  }
}

/** Why a promotion stopped counting: what the server changed about its tool. */
export function driftWhy(d: { name: string; reason: "changed" | "removed" }, change: CatalogChange | null): Phrase {
  if (d.reason === "removed") return phrase("why.removed");
  const fields = new Set(change?.changed.find((c) => c.name === d.name)?.fields ?? []);
  const what =
    fields.has("description") && fields.has("parameters")
      ? "why.field.both"
      : fields.has("description")
        ? "why.field.description"
        : fields.has("parameters")
          ? "why.field.parameters"
          : "why.field.schema";
  return phrase("why.changed", { fields: phrase(what) });
}

/** Why the prompt lists what it lists: the setting, or what `auto` weighed (the server's reason, in words of the UI). */
export function listingWhy(listing: NonNullable<ToolsInventory["tool_search"]["listing"]>): Phrase | null {
  if (!listing.mode) return null;
  if (listing.setting !== "auto") return phrase(listing.mode === "names" ? "why.listingNames" : "why.listingServers");
  const params = { count: listing.names, tokens: (listing.max_tokens ?? 0).toLocaleString("en-US") };
  return phrase(listing.mode === "names" ? "why.autoFits" : "why.autoOver", params);
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
