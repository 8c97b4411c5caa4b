import type { Inventory, InventoryTool, ThreadPromotion, ToolSearchSettings } from "@/lib/contracts/inventory";
import { annotationsOf } from "@/lib/deferred/catalog";
import {
  activePromotions,
  driftedPromotions,
  normalizePromoted,
  type Promoted,
  promotedTokens,
} from "@/lib/deferred/promoted";
import type { AgentRuntime } from "./runtime";

function toolSearchSettings(runtime: AgentRuntime): ToolSearchSettings {
  const ts = runtime.config.app.tool_search;
  const { listing, promotion } = runtime.built.setup;
  return {
    enabled: ts.enabled,
    max_results: ts.max_results,
    listing: {
      setting: ts.listing,
      mode: listing?.mode ?? null,
      reason: listing?.reason ?? null,
      tokens: listing?.tokens ?? 0,
      omitted: listing?.omitted ?? 0,
      names: runtime.built.setup.catalog?.names.size ?? 0,
      max_tokens: ts.listing_max_tokens,
    },
    budget: promotion.budget,
    min_relative_score: promotion.minRelativeScore,
    auto_threshold_tokens: runtime.built.setup.autoThresholdTokens,
    embeddings: ts.embeddings?.enabled ?? false,
    prefetch: { enabled: ts.prefetch.enabled, k: ts.prefetch.k, min_score: ts.prefetch.min_score },
    binding: runtime.built.setup.binding,
  };
}

function threadPromotion(runtime: AgentRuntime, id: string, raw: Promoted | undefined): ThreadPromotion {
  const { setup } = runtime.built;
  const promoted = normalizePromoted(raw);
  // A tool now bound by policy is not drifted: it no longer needs a promotion at all.
  const drifted = driftedPromotions(promoted, setup.toolHashes).filter((d) => !setup.bound.has(d.name));
  const active = activePromotions(promoted, setup.toolHashes);
  const prefetched = new Set(promoted.tools.filter((t) => t.via === "prefetch").map((t) => t.name));
  return {
    thread_id: id,
    promoted: active,
    prefetched: active.filter((n) => prefetched.has(n)),
    promoted_hash: promoted.catalog_hash,
    stale: drifted.length > 0,
    drifted,
    demoted: promoted.demoted,
    budget_used: { tokens: promotedTokens(promoted.tools), count: promoted.tools.length },
  };
}

/** The tool inventory: derived from the built agent and a thread's promoted state, never stored. */
export function buildInventory(
  runtime: AgentRuntime,
  thread?: { id: string; promoted: Promoted | undefined },
): Inventory {
  const { built } = runtime;
  const { setup } = built;
  const threadInfo = thread ? threadPromotion(runtime, thread.id, thread.promoted) : null;
  const promoted = new Set(threadInfo?.promoted ?? []);
  const tools = built.tools.map((r): InventoryTool => {
    const deferred = setup.deferredNames.has(r.tool.name);
    const policy = r.source === "mcp" ? (setup.policies.get(r.tool.name) ?? { policy: "auto", from: "default" }) : null;
    const annotations = setup.catalog?.get(r.tool.name)?.annotations ?? annotationsOf(r.tool);
    return {
      name: r.tool.name,
      source: r.source,
      server: r.server,
      group: r.group,
      description: r.tool.description,
      deferred,
      promoted: promoted.has(r.tool.name),
      hash: setup.toolHashes.get(r.tool.name) ?? null,
      defer_policy: policy,
      bound_reason: setup.bound.get(r.tool.name) ?? null,
      annotations: annotations ?? null,
    };
  });
  return {
    tools,
    shadowed: built.shadowed,
    mcp_servers: runtime.mcpServers,
    catalog_hash: setup.catalog?.hash ?? null,
    tool_search: toolSearchSettings(runtime),
    thread: threadInfo,
    catalog_change: runtime.catalogChange,
    warnings: built.warnings,
    error: runtime.error,
  };
}

/** Read a thread's promoted state from its newest checkpoint. */
export async function threadPromoted(runtime: AgentRuntime, threadId: string): Promise<Promoted | undefined> {
  const state = await runtime.graph.getState({ configurable: { thread_id: threadId } });
  return (state.values as { promoted?: Promoted } | undefined)?.promoted;
}
