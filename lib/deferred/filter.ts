import { ToolMessage } from "@langchain/core/messages";
import { Command, StateSchema } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { blockedCall, blockedCallText } from "@/lib/contracts/blocked-call";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { activePromotions, type Promoted, promotedChannel, type ToolHashes, type UseUpdate } from "./promoted";
import { type ProxyOptions, resolveCallTool } from "./proxy";

export interface DeferredFilterOptions {
  /** Every deferred tool name (the catalog's names). */
  deferredNames: ReadonlySet<string>;
  /** Each deferred tool's schema hash in force: a promotion counts only under its own tool's hash. */
  toolHashes: ToolHashes;
  /** Set in the cache-stable mode: no deferred tool is ever bound, promoted ones are called through call_tool. */
  proxy?: ProxyOptions;
}

export const PromotedStateSchema = new StateSchema({ promoted: promotedChannel() });

/** The names to hide for a thread: deferred and not promoted under their current schema. */
export function hiddenToolNames(opts: DeferredFilterOptions, promoted: Promoted | undefined): Set<string> {
  const hidden = new Set(opts.deferredNames);
  for (const name of activePromotions(promoted, opts.toolHashes)) hidden.delete(name);
  return hidden;
}

/** A deferred tool ran: its result, plus the stamp the budget's least-recently-used order reads. */
function withUse(result: ToolMessage | Command, name: string): ToolMessage | Command {
  if (!ToolMessage.isInstance(result)) return result;
  const use: UseUpdate = { op: "use", names: [name] };
  return new Command({ update: { messages: [result], promoted: use } });
}

/**
 * Binds only non-deferred and promoted tools on every model call, and refuses any call to a
 * deferred tool that is not promoted: the tool never runs, the model gets an error result (the
 * design's text), and programs get the structured marker as the result's artifact.
 * A promoted tool that runs is stamped as used, so the budget demotes the least recently used.
 */
export function deferredToolFilterMiddleware(opts: DeferredFilterOptions) {
  return createMiddleware({
    name: "DeferredToolFilter",
    stateSchema: PromotedStateSchema,
    wrapModelCall: (request, handler) => {
      // Proxy mode binds the same tools on every call, whatever is promoted.
      const hidden = opts.proxy
        ? opts.deferredNames
        : hiddenToolNames(opts, request.state.promoted as Promoted | undefined);
      if (hidden.size === 0) return handler(request);
      return handler({ ...request, tools: request.tools.filter((t) => !hidden.has(String(t.name))) });
    },
    wrapToolCall: async (request, handler) => {
      const name = request.toolCall.name;
      const hidden = hiddenToolNames(opts, request.state.promoted as Promoted | undefined);
      if (opts.proxy && name === CALL_TOOL_NAME) {
        const resolved = resolveCallTool(request.toolCall, { ...opts, proxy: opts.proxy, hidden });
        if (!resolved.ok) return resolved.message;
        const result = await handler({ ...request, toolCall: resolved.toolCall, tool: resolved.tool });
        return withUse(result, resolved.name);
      }
      if (hidden.has(name)) {
        return new ToolMessage({
          content: blockedCallText(name),
          artifact: blockedCall(name),
          tool_call_id: request.toolCall.id ?? "",
          name,
          status: "error",
        });
      }
      const result = await handler(request);
      return opts.deferredNames.has(name) ? withUse(result, name) : result;
    },
  });
}
