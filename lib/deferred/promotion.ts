import type { CatalogEntry, ScoredEntry, ToolCatalog } from "./catalog";
import { NO_BUDGET, type PromotedBudget, type PromoteUpdate } from "./promoted";

/** What tool_search promotes of what it found. */
export interface PromotionPolicy {
  /** Results scoring below this share of the best score are named, not promoted (0 promotes every result). */
  minRelativeScore: number;
  /** The thread's promoted set stays within it; older tools are demoted to make room. */
  budget: PromotedBudget;
}

export const PROMOTE_ALL: PromotionPolicy = { minRelativeScore: 0, budget: NO_BUDGET };

export interface NotPromoted {
  entry: CatalogEntry;
  /** `weak`: far below the best match; `budget`: would not fit the promoted budget. */
  why: "weak" | "budget";
}

export interface PromotionPlan {
  promote: CatalogEntry[];
  namesOnly: NotPromoted[];
}

/**
 * Split a search's results (best first) into the tools to promote and those only named: a result
 * scoring below `minRelativeScore` × the best is weak; then, best first, a result that would push
 * this batch alone over the budget is skipped (the reducer makes room for the batch by demoting
 * older tools, so a batch that fits is always promoted whole).
 */
export function planPromotion(
  found: readonly ScoredEntry[],
  policy: PromotionPolicy,
  tokensOf: (name: string) => number,
): PromotionPlan {
  const scores = found.map((f) => f.score).filter((s): s is number => s !== null);
  const best = scores.length > 0 ? Math.max(...scores) : 0;
  const floor = best > 0 ? best * policy.minRelativeScore : 0;
  const promote: CatalogEntry[] = [];
  const namesOnly: NotPromoted[] = [];
  let tokens = 0;
  for (const { entry, score } of found) {
    if (score !== null && score < floor) {
      namesOnly.push({ entry, why: "weak" });
      continue;
    }
    const cost = tokensOf(entry.name);
    const { budget } = policy;
    if (
      (budget.tokens !== null && tokens + cost > budget.tokens) ||
      (budget.count !== null && promote.length >= budget.count)
    ) {
      namesOnly.push({ entry, why: "budget" });
      continue;
    }
    promote.push(entry);
    tokens += cost;
  }
  return { promote, namesOnly };
}

/** The state update that promotes `entries` under their own schema hashes. */
export function promoteUpdate(
  catalog: ToolCatalog,
  entries: readonly CatalogEntry[],
  budget: PromotedBudget,
  via?: PromoteUpdate["via"],
): PromoteUpdate {
  return {
    ...(via ? { via } : {}),
    op: "promote",
    catalog_hash: catalog.hash,
    tools: entries.map((e) => ({
      name: e.name,
      hash: catalog.toolHashes.get(e.name) ?? "",
      tokens: catalog.tokens(e.name),
    })),
    budget,
  };
}

/** The first sentence of a description, for naming a tool without its schema. */
export function shortDescription(text: string, max = 100): string {
  const one = text.replace(/\s+/g, " ").trim();
  const end = /[.!?](\s|$)/.exec(one);
  const s = end ? one.slice(0, end.index + 1) : one;
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** What an answer adds when its matches are weak, or when some alternatives answered with text. */
export interface AnswerExtras {
  /** Other tools near the query, named with their servers (not loaded), when even the best match is weak. */
  closest?: ReadonlyArray<{ name: string; server: string | null }>;
  /** Text answers of some alternatives (a server listing, an unknown server). */
  notes?: readonly string[];
}

/**
 * tool_search's answer: the promoted tools' OpenAI functions as a JSON array (the design's format);
 * when some results were only named, or the matches are weak, an object with those too, so the model
 * knows they exist and can word its next query with the catalog's own names.
 */
export function searchResultText(plan: PromotionPlan, extras: AnswerExtras = {}): string {
  const tools = plan.promote.map((e) => e.definition.function);
  const closest = extras.closest ?? [];
  const notes = extras.notes ?? [];
  if (plan.namesOnly.length === 0 && closest.length === 0 && notes.length === 0) return JSON.stringify(tools);
  return JSON.stringify({
    tools,
    ...(plan.namesOnly.length > 0
      ? {
          not_loaded: plan.namesOnly.map(({ entry, why }) => ({
            name: entry.name,
            description: shortDescription(entry.definition.function.description),
            why: why === "weak" ? "a weaker match" : "over the promoted-tools budget",
          })),
        }
      : {}),
    ...(closest.length > 0 ? { closest: closest.map((c) => ({ name: c.name, server: c.server })) } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    note:
      (closest.length > 0
        ? 'The best match holds under two thirds of the query\'s words; "closest" names other tools near it (not loaded). '
        : "") + 'Only "tools" were loaded. To load another, call tool_search with "select:NAME".',
  });
}
