import type { Inventory, ThreadPromotion } from "@/lib/contracts/inventory";
import { type Promoted, promotedUnder } from "@/lib/deferred/promoted";
import type { AgentRuntime } from "./runtime";

/** The tool inventory: derived from the built agent and a thread's promoted state, never stored. */
export function buildInventory(
  runtime: AgentRuntime,
  thread?: { id: string; promoted: Promoted | undefined },
): Inventory {
  const { built } = runtime;
  const hash = built.setup.catalog?.hash ?? null;
  const promoted = new Set(thread ? promotedUnder(thread.promoted, hash) : []);
  const tools = built.tools.map((r) => ({
    name: r.tool.name,
    source: r.source,
    server: r.server,
    group: r.group,
    description: r.tool.description,
    deferred: built.setup.deferredNames.has(r.tool.name),
    promoted: promoted.has(r.tool.name),
  }));
  const threadInfo: ThreadPromotion | null = thread
    ? {
        thread_id: thread.id,
        promoted: [...promoted],
        promoted_hash: thread.promoted?.catalog_hash ?? null,
        stale:
          !!thread.promoted?.catalog_hash && thread.promoted.catalog_hash !== hash && thread.promoted.names.length > 0,
      }
    : null;
  return {
    tools,
    shadowed: built.shadowed,
    mcp_servers: runtime.mcpServers,
    catalog_hash: hash,
    tool_search: runtime.config.app.tool_search,
    thread: threadInfo,
    warnings: built.warnings,
    error: runtime.error,
  };
}

/** Read a thread's promoted state from its latest checkpoint. */
export async function threadPromoted(runtime: AgentRuntime, threadId: string): Promise<Promoted | undefined> {
  const state = await runtime.graph.getState({ configurable: { thread_id: threadId } });
  return (state.values as { promoted?: Promoted } | undefined)?.promoted;
}
