import type { ToolCatalog } from "@/lib/deferred/catalog";
import { EMPTY_PROMOTED, mergePromoted, type Promoted, type PromotedBudget } from "@/lib/deferred/promoted";
import { planPromotion, promoteUpdate } from "@/lib/deferred/promotion";

export interface SessionPolicy {
  label: string;
  minRelativeScore: number;
  budget: PromotedBudget;
}

export interface SessionFigures {
  /** Schema tokens of the promoted tools bound on the call after each turn's search. */
  perTurn: number[];
  promotedAtEnd: number;
  demoted: number;
}

/**
 * A scripted session through the real search, promotion plan and reducer: each turn searches one
 * query (as the model would), promotes what the plan keeps, and calls the best match (its use stamp).
 * The figure per turn is what the promoted set binds on the next model call.
 */
export function runSession(catalog: ToolCatalog, queries: readonly string[], policy: SessionPolicy): SessionFigures {
  let state: Promoted = EMPTY_PROMOTED;
  let demoted = 0;
  const perTurn: number[] = [];
  for (const query of queries) {
    let found: ReturnType<ToolCatalog["searchScored"]> = [];
    try {
      found = catalog.searchScored(query, 5);
    } catch {
      /* a refused query promotes nothing */
    }
    const plan = planPromotion(found, policy, (n) => catalog.tokens(n));
    if (plan.promote.length > 0) {
      const incoming = new Set(plan.promote.map((e) => e.name));
      const before = state.tools.map((t) => t.name).filter((n) => !incoming.has(n));
      state = mergePromoted(state, promoteUpdate(catalog, plan.promote, policy.budget));
      const kept = new Set(state.tools.map((t) => t.name));
      demoted += before.filter((n) => !kept.has(n)).length;
      state = mergePromoted(state, { op: "use", names: [plan.promote[0]?.name] });
    }
    perTurn.push(state.tools.reduce((n, t) => n + t.tokens, 0));
  }
  return { perTurn, promotedAtEnd: state.tools.length, demoted };
}
