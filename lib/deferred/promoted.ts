import { ReducedValue } from "@langchain/langgraph";
import { z } from "zod";

/** Which deferred tools a thread has promoted, and under which catalog. */
export const PromotedSchema = z.object({
  catalog_hash: z.string().nullable(),
  names: z.array(z.string()),
});
export type Promoted = z.infer<typeof PromotedSchema>;

export const EMPTY_PROMOTED: Promoted = { catalog_hash: null, names: [] };

/**
 * The reducer of `promoted`: an empty update keeps what is there; an update under a different
 * catalog hash replaces (old promotions must not survive a catalog change); the same hash gives
 * the ordered union without duplicates.
 */
export function mergePromoted(existing: Promoted | undefined, update: Promoted | undefined | null): Promoted {
  const current = existing ?? EMPTY_PROMOTED;
  if (
    !update ||
    (update.names.length === 0 && (update.catalog_hash === null || update.catalog_hash === current.catalog_hash))
  ) {
    return current;
  }
  if (update.catalog_hash !== current.catalog_hash) {
    return { catalog_hash: update.catalog_hash, names: [...new Set(update.names)] };
  }
  return { catalog_hash: current.catalog_hash, names: [...new Set([...current.names, ...update.names])] };
}

/** The names a thread may use under the catalog in force; none when its promotions belong to another catalog. */
export function promotedUnder(promoted: Promoted | undefined, catalogHash: string | null): string[] {
  if (!promoted || !catalogHash || promoted.catalog_hash !== catalogHash) return [];
  return promoted.names;
}

export const promotedChannel = () =>
  new ReducedValue(PromotedSchema.default(EMPTY_PROMOTED), {
    inputSchema: PromotedSchema.nullish(),
    reducer: (current: Promoted, next: Promoted | null | undefined) => mergePromoted(current, next),
  });
