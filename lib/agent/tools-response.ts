import { buildInventory, threadPromoted } from "@/lib/agent/inventory";
import type { ToolsResponse } from "@/lib/contracts/inventory";
import type { AgentRuntime } from "@/lib/agent/runtime";
import { toolDefinitionTokens } from "@/lib/tokens";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";

const costCache = new WeakMap<object, { perTool: Map<string, number>; section: number }>();

function costs(runtime: AgentRuntime) {
  let c = costCache.get(runtime.built);
  if (!c) {
    const perTool = new Map(
      runtime.built.tools.map((t) => [t.tool.name, toolDefinitionTokens(toOpenAIDefinition(t.tool))]),
    );
    const section = runtime.built.setup.listing?.tokens ?? 0;
    c = { perTool, section };
    costCache.set(runtime.built, c);
  }
  return c;
}

/** GET /api/tools: the inventory, with each schema's token cost and the thread's next-call cost. */
export async function toolsResponse(runtime: AgentRuntime, threadId: string | null): Promise<ToolsResponse> {
  const promoted = threadId ? await threadPromoted(runtime, threadId) : undefined;
  const inv = buildInventory(runtime, threadId ? { id: threadId, promoted } : undefined);
  const { perTool, section } = costs(runtime);
  const tools = inv.tools.map((t) => ({ ...t, tokens: perTool.get(t.name) ?? 0 }));
  const { setup } = runtime.built;
  // In proxy mode a promoted tool is called through call_tool, never bound.
  const proxy = setup.binding === "proxy";
  const bound = tools.filter((t) => !t.deferred || (t.promoted && !proxy)).reduce((n, t) => n + t.tokens, 0);
  // Without deferral there would be neither tool_search nor call_tool.
  const own = new Set([setup.toolSearch?.name, setup.callTool?.name].filter((n): n is string => !!n));
  const all = tools.filter((t) => !own.has(t.name)).reduce((n, t) => n + t.tokens, 0);
  return { ...inv, tools, tokens: { bound_next_call: bound + section, all_bound: all, deferred_section: section } };
}
