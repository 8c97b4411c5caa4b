import { CALL_TOOL_NAME, calledToolOf } from "@/lib/contracts/call-tool";
import { isPrefetchCall } from "@/lib/contracts/prefetch";
import { readToolSearchAnswer } from "@/lib/contracts/tool-search";
import { messageText, type WireMessage, type WireTool } from "./wire";

/** What the demo model knows about the tools of a turn: bound ones, ones searched earlier, prefetched ones. */

export interface Turn {
  userText: string;
  /** Messages after the person's last message. */
  steps: WireMessage[];
  tools: Map<string, WireTool>;
  /**
   * Tools that tool_search returned in this thread, by name. In the cache-stable mode they are not bound:
   * the model calls them through call_tool with the schema the search gave it.
   */
  searched: Map<string, WireTool["function"]>;
}

/** The function definitions of every tool_search result in the conversation (newest wins). */
export function searchedTools(messages: WireMessage[]): Map<string, WireTool["function"]> {
  const searchCalls = new Set(
    messages
      .flatMap((m) => m.tool_calls ?? [])
      .filter((c) => c.function.name === "tool_search")
      .map((c) => c.id),
  );
  const out = new Map<string, WireTool["function"]>();
  for (const m of messages) {
    if (m.role !== "tool" || !searchCalls.has(m.tool_call_id ?? "")) continue;
    for (const fn of foundDefinitions(messageText(m))) out.set(fn.name, fn);
  }
  return out;
}

/** The definitions a tool_search result loaded (none for a text answer: no match, an error). */
export function foundDefinitions(text: string): Array<WireTool["function"]> {
  return (readToolSearchAnswer(text)?.tools ?? []) as Array<WireTool["function"]>;
}

/** How the model can call a tool now: bound directly, through call_tool (proxy mode), or not at all. */
export function howToCall(turn: Turn, name: string): "direct" | "proxy" | null {
  if (turn.tools.has(name)) return "direct";
  return turn.tools.has(CALL_TOOL_NAME) && turn.searched.has(name) ? "proxy" : null;
}

/** The tool a call was for: its own name, or for call_tool the tool it named. */
export function targetOf(call: { function: { name: string; arguments: string } }): string {
  if (call.function.name !== CALL_TOOL_NAME) return call.function.name;
  return calledToolOf(safeArgs(call.function.arguments)) ?? CALL_TOOL_NAME;
}

export function safeArgs(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The tools prefetch loaded for this turn, best first, when the turn so far is only prefetch (tool_search calls
 * whose id says prefetch, and their results); else null.
 */
export function prefetchedThisTurn(turn: Turn): string[] | null {
  if (turn.steps.length === 0) return null;
  const found: string[] = [];
  for (const m of turn.steps) {
    if (m.role === "assistant") {
      if (!m.tool_calls?.length || !m.tool_calls.every((c) => isPrefetchCall(c.id))) return null;
    } else if (m.role === "tool" && isPrefetchCall(m.tool_call_id)) {
      found.push(...foundDefinitions(messageText(m)).map((fn) => fn.name));
    } else return null;
  }
  return found;
}
