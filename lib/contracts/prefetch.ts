/**
 * Prefetch (`tool_search.prefetch`) promotes the tools a person's message clearly asks for before the turn's
 * first model call, and records it in the thread as a tool_search call and its result, so every model, the
 * chat and the CLI read it the way they read a search. Its call id starts with this prefix: that is how
 * clients tell a prefetch from a search the model made.
 */
export const PREFETCH_CALL_PREFIX = "prefetch_";

export function isPrefetchCall(toolCallId: string | null | undefined): boolean {
  return typeof toolCallId === "string" && toolCallId.startsWith(PREFETCH_CALL_PREFIX);
}
