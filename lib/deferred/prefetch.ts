import { randomUUID } from "node:crypto";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { PREFETCH_CALL_PREFIX } from "@/lib/contracts/prefetch";
import type { ScoredEntry, ToolCatalog } from "./catalog";
import { PromotedStateSchema } from "./filter";
import { type PromotionPlan, type PromotionPolicy, planPromotion, promoteUpdate, searchResultText } from "./promotion";
import { MAX_QUERY_LENGTH } from "./search";
import { condenseRequest } from "./search/condense";
import { TOOL_SEARCH_NAME } from "./tool-search";

/**
 * Prefetch: before a turn's first model call, the person's message is scored with the search index, and
 * at most `k` tools scoring at least `minScore` are promoted (through the same reducer and budget as a
 * search), saving the model the round trip of a tool_search. The thread records it as a tool_search call
 * (id `prefetch_…`) and its result, so the model reads the promoted schemas the way it reads a search's,
 * in either binding mode, and the chat shows what was loaded and why.
 */
export interface PrefetchOptions {
  catalog: ToolCatalog;
  /** At most this many tools per turn. */
  k: number;
  /** The lowest score (BM25F, as tool_search ranks plain words) that counts as a clear match. */
  minScore: number;
  /** The relative cut and the budget tool_search applies. */
  policy: PromotionPolicy;
  onPromote?: (names: readonly string[]) => void;
}

export interface Prefetch {
  /** The words searched: the message as plain words (a message is never taken as a regex or `select:`). */
  query: string;
  found: ScoredEntry[];
  plan: PromotionPlan;
}

function textOf(content: BaseMessage["content"]): string {
  if (typeof content === "string") return content;
  return content
    .map((b) => (typeof b === "object" && b && "text" in b && typeof b.text === "string" ? b.text : ""))
    .join(" ");
}

/** A message as a plain keyword query: letters and digits only, within the search's length limit. */
export function prefetchQuery(message: string): string {
  const words = message.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  // Cut as tool_search cuts a long request (condense.ts), so both search the same words.
  return condenseRequest(words, MAX_QUERY_LENGTH);
}

/** What prefetch would promote for this message; null when nothing scores high enough. */
export function planPrefetch(message: string, opts: Omit<PrefetchOptions, "onPromote">): Prefetch | null {
  const query = prefetchQuery(message);
  if (!query) return null;
  const found = opts.catalog.searchScored(query, opts.k).filter((f) => f.score !== null && f.score >= opts.minScore);
  if (found.length === 0) return null;
  const plan = planPromotion(found, opts.policy, (n) => opts.catalog.tokens(n));
  return plan.promote.length > 0 ? { query, found, plan } : null;
}

/** The messages that record a prefetch: a tool_search call (not made by the model) and its result. */
export function prefetchMessages(prefetch: Prefetch): [AIMessage, ToolMessage] {
  const id = `${PREFETCH_CALL_PREFIX}${randomUUID().replace(/-/g, "").slice(0, 24)}`;
  const names = prefetch.plan.promote.map((e) => e.name);
  const call = new AIMessage({
    id: `${id}-call`,
    content: "",
    tool_calls: [{ id, name: TOOL_SEARCH_NAME, args: { query: `select:${names.join(",")}` }, type: "tool_call" }],
  });
  const result = new ToolMessage({
    id: `${id}-result`,
    tool_call_id: id,
    name: TOOL_SEARCH_NAME,
    content: searchResultText(prefetch.plan),
    artifact: { kind: "prefetch", query: prefetch.query, scores: prefetch.found.map((f) => [f.entry.name, f.score]) },
  });
  return [call, result];
}

export function prefetchMiddleware(opts: PrefetchOptions) {
  return createMiddleware({
    name: "Prefetch",
    stateSchema: PromotedStateSchema,
    beforeModel: (state) => {
      // Only the first model call of a turn: the newest message is the person's.
      const last = state.messages.at(-1);
      if (!last || !HumanMessage.isInstance(last)) return undefined;
      const prefetch = planPrefetch(textOf(last.content), opts);
      if (!prefetch) return undefined;
      const names = prefetch.plan.promote.map((e) => e.name);
      opts.onPromote?.(names);
      return {
        messages: prefetchMessages(prefetch),
        promoted: promoteUpdate(opts.catalog, prefetch.plan.promote, opts.policy.budget, "prefetch"),
      };
    },
  });
}
