"use client";

import type { ToolsInventory } from "@/components/lib/tools-inventory";
import { ToolsResponseSchema } from "@/lib/contracts/inventory";
import { type FetchedState, useRefetchingJson } from "@/components/use-refetching-json";

export type InventoryState = FetchedState<ToolsInventory | null>;

const NO_INVENTORY = null;
// Module-level: the hook refetches when its schema changes, so it must not be rebuilt per render.
const inventorySchema = ToolsResponseSchema.nullable();

/**
 * GET /api/tools for the open thread, again whenever any of `triggers` changes (the thread's
 * promotions, a finished run) or `refresh` is called. The last good inventory stays on screen
 * while a new one loads or when a fetch fails.
 */
export function useToolInventory(threadId: string | null, triggers: readonly unknown[]) {
  return useRefetchingJson({
    url: threadId ? `/api/tools?thread_id=${encodeURIComponent(threadId)}` : "/api/tools",
    threadId,
    schema: inventorySchema,
    initial: NO_INVENTORY,
    keepWhileSwitching: true,
    triggers,
  });
}
