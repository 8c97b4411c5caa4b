import { ReducedValue } from "@langchain/langgraph";
import { z } from "zod";
import { type Demotion, type DemotionReason, DemotionSchema, type DriftedPromotion } from "@/lib/contracts/inventory";

/**
 * A promoted tool, keyed by its own schema hash: a server that changes one tool invalidates only
 * that tool's promotion. `tokens` is what binding its schema costs; the clock values order use.
 */
export const PromotedToolSchema = z.object({
  name: z.string(),
  hash: z.string(),
  tokens: z.number().int().nonnegative(),
  promoted_at: z.number().int().nonnegative(),
  /** Logical time of the last call that ran; null: promoted but never called. */
  used_at: z.number().int().nonnegative().nullable(),
  /** Set when prefetch promoted it (from the person's message, before any model call); absent: tool_search. */
  via: z.literal("prefetch").optional(),
});
export type PromotedTool = z.infer<typeof PromotedToolSchema>;

export type { Demotion, DemotionReason, DriftedPromotion };
export { DemotionSchema };

/**
 * A thread's promoted set. `names` mirrors `tools` and `catalog_hash` is the catalog of the newest
 * promotion: both kept so clients of the earlier `{catalog_hash, names}` shape still read it.
 */
export const PromotedSchema = z.object({
  catalog_hash: z.string().nullable(),
  names: z.array(z.string()),
  tools: z.array(PromotedToolSchema),
  demoted: z.array(DemotionSchema),
  clock: z.number().int().nonnegative(),
});
export type Promoted = z.infer<typeof PromotedSchema>;

export const EMPTY_PROMOTED: Promoted = { catalog_hash: null, names: [], tools: [], demoted: [], clock: 0 };

/** A limit on the promoted set; null means none. */
export const PromotedBudgetSchema = z.object({
  tokens: z.number().int().positive().nullable(),
  count: z.number().int().positive().nullable(),
});
export type PromotedBudget = z.infer<typeof PromotedBudgetSchema>;
export const NO_BUDGET: PromotedBudget = { tokens: null, count: null };

/** tool_search found these (best first): promote them, evicting older ones to stay within `budget`. */
export const PromoteUpdateSchema = z.object({
  op: z.literal("promote"),
  catalog_hash: z.string().nullable(),
  tools: z.array(PromotedToolSchema.pick({ name: true, hash: true, tokens: true })),
  budget: PromotedBudgetSchema,
  via: z.literal("prefetch").optional(),
});
/** These promoted tools were just called (and ran). */
export const UseUpdateSchema = z.object({ op: z.literal("use"), names: z.array(z.string()) });
export const PromotedUpdateSchema = z.discriminatedUnion("op", [PromoteUpdateSchema, UseUpdateSchema]);
export type PromoteUpdate = z.infer<typeof PromoteUpdateSchema>;
export type UseUpdate = z.infer<typeof UseUpdateSchema>;
export type PromotedUpdate = z.infer<typeof PromotedUpdateSchema>;

/** Demotions kept for the panel and the model's benefit; older ones are forgotten. */
export const DEMOTED_KEPT = 20;

const LegacySchema = z.object({ catalog_hash: z.string().nullable(), names: z.array(z.string()) });

/**
 * Any stored value as the current shape. A checkpoint from before per-tool keys (`{catalog_hash,
 * names}`) cannot say which schema each name was promoted under, so its names are dropped into
 * `demoted` with reason `upgrade`: nothing unverified is ever bound, and the panel says why.
 */
export function normalizePromoted(value: unknown): Promoted {
  if (value == null) return EMPTY_PROMOTED;
  // The stored value is the reducer's own output: its shape is enough, a full parse on every step is not needed.
  if (isCurrentShape(value)) return value;
  const current = PromotedSchema.safeParse(value);
  if (current.success) return current.data;
  const legacy = LegacySchema.safeParse(value);
  if (!legacy.success) return EMPTY_PROMOTED;
  const demoted = [...new Set(legacy.data.names)]
    .slice(-DEMOTED_KEPT)
    .map((name): Demotion => ({ name, hash: null, tokens: 0, reason: "upgrade", at: 0, used_at: null, for: [] }));
  return { ...EMPTY_PROMOTED, catalog_hash: legacy.data.catalog_hash, demoted };
}

function isCurrentShape(value: unknown): value is Promoted {
  const v = value as Partial<Promoted>;
  return (
    typeof v === "object" &&
    Array.isArray(v.tools) &&
    Array.isArray(v.demoted) &&
    Array.isArray(v.names) &&
    typeof v.clock === "number" &&
    v.tools.every((t) => typeof t?.name === "string" && typeof t.hash === "string" && typeof t.tokens === "number")
  );
}

/** Total schema tokens of a promoted set. */
export function promotedTokens(tools: ReadonlyArray<Pick<PromotedTool, "tokens">>): number {
  return tools.reduce((n, t) => n + t.tokens, 0);
}

function overBudget(tools: readonly PromotedTool[], budget: PromotedBudget): boolean {
  return (
    (budget.tokens !== null && promotedTokens(tools) > budget.tokens) ||
    (budget.count !== null && tools.length > budget.count)
  );
}

/**
 * The order tools are demoted in: never called before called (oldest promotion first), then least
 * recently called; on a tie (results of one search), the lower ranked, which comes later in `tools`.
 */
export function evictionOrder(tools: readonly PromotedTool[]): PromotedTool[] {
  const key = (t: PromotedTool) => [t.used_at === null ? 0 : 1, t.used_at ?? t.promoted_at] as const;
  return tools
    .map((t, i) => ({ t, i, k: key(t) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || b.i - a.i)
    .map((x) => x.t);
}

function demotion(t: PromotedTool, reason: DemotionReason, at: number, forNames: string[]): Demotion {
  return { name: t.name, hash: t.hash, tokens: t.tokens, reason, at, used_at: t.used_at, for: forNames };
}

function withTools(p: Promoted, tools: PromotedTool[], patch: Partial<Promoted> = {}): Promoted {
  return { ...p, ...patch, tools, names: tools.map((t) => t.name) };
}

function applyPromote(current: Promoted, update: PromoteUpdate): Promoted {
  const incoming = [...new Map(update.tools.map((t) => [t.name, t])).values()];
  if (incoming.length === 0) return current;
  const clock = current.clock + 1;
  const wanted = new Set(incoming.map((t) => t.name));
  const byName = new Map(current.tools.map((t) => [t.name, t]));
  const fresh: PromotedTool[] = incoming.map((t) => {
    const had = byName.get(t.name);
    // The same schema again keeps its history of use; a changed schema starts over.
    const usedAt = had && had.hash === t.hash ? had.used_at : null;
    return { ...t, promoted_at: clock, used_at: usedAt, ...(update.via ? { via: update.via } : {}) };
  });
  const older = current.tools.filter((t) => !wanted.has(t.name));
  const forNames = fresh.map((t) => t.name);
  const demoted: Demotion[] = [];
  const victims = evictionOrder(older);
  let kept = [...older, ...fresh];
  while (overBudget(kept, update.budget) && victims.length > 0) {
    const v = victims.shift() as PromotedTool;
    kept = kept.filter((t) => t !== v);
    demoted.push(demotion(v, "evicted", clock, forNames));
  }
  // Still over with every older tool gone: the new ones themselves do not fit; the lowest ranked give way.
  for (let i = fresh.length - 1; i >= 0 && overBudget(kept, update.budget); i--) {
    kept = kept.filter((t) => t !== fresh[i]);
    demoted.push(demotion(fresh[i] as PromotedTool, "over_budget", clock, forNames));
  }
  const keptNames = new Set(kept.map((t) => t.name));
  const history = [...current.demoted.filter((d) => !keptNames.has(d.name) && !wanted.has(d.name)), ...demoted];
  return withTools(current, kept, {
    clock,
    catalog_hash: update.catalog_hash,
    demoted: history.slice(-DEMOTED_KEPT),
  });
}

function applyUse(current: Promoted, names: readonly string[]): Promoted {
  const used = new Set(names);
  if (!current.tools.some((t) => used.has(t.name))) return current;
  const clock = current.clock + 1;
  const tools = current.tools.map((t) => (used.has(t.name) ? { ...t, used_at: clock } : t));
  return withTools(current, tools, { clock });
}

/**
 * The reducer of `promoted`, a pure function. A promotion adds or refreshes tools and then demotes
 * the least recently used others until the set is within the update's budget (the new ones are
 * never evicted for each other: if they alone exceed it, the lowest ranked are refused). A use
 * stamps the tools' last call. Anything else (null, an update of the earlier shape, garbage) keeps
 * what is there: an unverifiable promotion is never applied.
 */
export function mergePromoted(existing: unknown, update: unknown): Promoted {
  const current = normalizePromoted(existing);
  if (update == null) return current;
  const parsed = PromotedUpdateSchema.safeParse(update);
  if (!parsed.success) return current;
  return parsed.data.op === "promote" ? applyPromote(current, parsed.data) : applyUse(current, parsed.data.names);
}

/** Each deferred tool's schema hash in force, by name (absent: no longer in the catalog). */
export type ToolHashes = ReadonlyMap<string, string>;

/** The names a thread may use now: promoted under the schema each tool has today. */
export function activePromotions(promoted: unknown, hashes: ToolHashes): string[] {
  return normalizePromoted(promoted)
    .tools.filter((t) => hashes.get(t.name) === t.hash)
    .map((t) => t.name);
}

/** Promotions that no longer count because their own tool changed or left; the others are untouched. */
export function driftedPromotions(promoted: unknown, hashes: ToolHashes): DriftedPromotion[] {
  return normalizePromoted(promoted)
    .tools.filter((t) => hashes.get(t.name) !== t.hash)
    .map((t) => {
      const now = hashes.get(t.name) ?? null;
      return { name: t.name, reason: now === null ? "removed" : "changed", promoted_hash: t.hash, current_hash: now };
    });
}

export const promotedChannel = () =>
  new ReducedValue(PromotedSchema.default(EMPTY_PROMOTED), {
    // Loose on purpose: the reducer validates and ignores what it cannot apply, old shapes included.
    inputSchema: z.unknown().optional(),
    reducer: (current: Promoted, next: unknown) => mergePromoted(current, next),
  });
