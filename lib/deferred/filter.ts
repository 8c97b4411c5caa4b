import { ToolMessage } from "@langchain/core/messages";
import { StateSchema } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { blockedCall, blockedCallText } from "@/lib/contracts/blocked-call";
import { type Promoted, promotedChannel, promotedUnder } from "./promoted";

export interface DeferredFilterOptions {
  /** Every deferred tool name (the catalog's names). */
  deferredNames: ReadonlySet<string>;
  /** The catalog in force: promotions made under another hash do not count. */
  catalogHash: string | null;
}

export const PromotedStateSchema = new StateSchema({ promoted: promotedChannel() });

/** The names to hide for a thread: deferred and not promoted under the current catalog. */
export function hiddenToolNames(opts: DeferredFilterOptions, promoted: Promoted | undefined): Set<string> {
  const hidden = new Set(opts.deferredNames);
  for (const name of promotedUnder(promoted, opts.catalogHash)) hidden.delete(name);
  return hidden;
}

/**
 * Binds only non-deferred and promoted tools on every model call, and refuses any call to a
 * deferred tool that is not promoted: the tool never runs, the model gets an error result (the
 * design's text), and programs get the structured marker as the result's artifact.
 */
export function deferredToolFilterMiddleware(opts: DeferredFilterOptions) {
  return createMiddleware({
    name: "DeferredToolFilter",
    stateSchema: PromotedStateSchema,
    wrapModelCall: (request, handler) => {
      const hidden = hiddenToolNames(opts, request.state.promoted as Promoted | undefined);
      if (hidden.size === 0) return handler(request);
      return handler({ ...request, tools: request.tools.filter((t) => !hidden.has(String(t.name))) });
    },
    wrapToolCall: (request, handler) => {
      const name = request.toolCall.name;
      if (hiddenToolNames(opts, request.state.promoted as Promoted | undefined).has(name)) {
        return new ToolMessage({
          content: blockedCallText(name),
          artifact: blockedCall(name),
          tool_call_id: request.toolCall.id ?? "",
          name,
          status: "error",
        });
      }
      return handler(request);
    },
  });
}
