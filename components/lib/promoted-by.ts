import type { ChatMessage } from "./timeline";
import { messageText } from "./message-content";
import { parseToolSearchResult, toolSearchQuery } from "./tool-search-result";

const TOOL_SEARCH = "tool_search";

/**
 * Why each tool of the open thread was promoted, as its messages say: the query of the last tool_search call whose
 * answer loaded it (its alternatives joined with " | "), by tool name. A tool promoted another way (prefetched from
 * the person's message, or by a turn no longer on screen) is not in it.
 */
export function promotedBy(
  messages: readonly ChatMessage[],
  /**
   * The tools each answered call loaded, by tool call id, kept between calls: the messages change with every streamed
   * token, and an answer (which never changes once it came) is then not parsed again.
   */
  loaded: Map<string, readonly string[]> = new Map(),
): Map<string, string> {
  const queries = new Map<string, string>();
  const by = new Map<string, string>();
  for (const m of messages) {
    if (m.type === "ai")
      for (const c of m.tool_calls ?? [])
        if (c.id && c.name === TOOL_SEARCH) queries.set(c.id, toolSearchQuery(c.args));
    if (m.type !== "tool" || m.name !== TOOL_SEARCH || !m.tool_call_id) continue;
    const query = queries.get(m.tool_call_id);
    if (!query) continue;
    let names = loaded.get(m.tool_call_id);
    if (!names) {
      const result = parseToolSearchResult(messageText(m.content));
      names = result.kind === "found" ? result.tools.map((t) => t.name) : [];
      loaded.set(m.tool_call_id, names);
    }
    for (const name of names) by.set(name, query);
  }
  return by;
}
