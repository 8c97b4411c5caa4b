/** Escape text for the prompt section (names are validated, but a section must never be broken open). */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const OPEN = "<available-deferred-tools>";
const CLOSE = "</available-deferred-tools>";

/**
 * The system-prompt section that tells the model which tools exist but are not bound:
 * names only, sorted, one per line. Empty when nothing is deferred.
 */
export function deferredToolsPromptSection(names: Iterable<string>): string {
  const sorted = [...new Set(names)].sort();
  if (sorted.length === 0) return "";
  return [
    OPEN,
    ...sorted.map(escapeText),
    CLOSE,
    "The tools above exist but their schemas are not loaded. Call `tool_search` to load the ones you need " +
      '(query forms: "select:name_a,name_b" for exact names, "+term words" to require a term in the name or server, ' +
      "or plain keywords / a regex). Found tools become callable on your next step.",
  ].join("\n");
}

/** One line of the server listing: a server, how many deferred tools it has, and what they are about. */
export interface ServerLine {
  name: string;
  tools: number;
  /** One line, from the server's own description or its tools' names; empty to leave it out. */
  summary: string;
}

/**
 * The same section when there are too many tools to name: one line per server instead, so its size
 * follows the number of servers, not tools. `omitted` servers are counted in a last line.
 */
export function serverListingPromptSection(servers: readonly ServerLine[], totalTools: number, omitted = 0): string {
  if (servers.length === 0 && omitted === 0) return "";
  const count = servers.length + omitted;
  const lines = servers.map(
    (s) => `${escapeText(s.name)} (${s.tools})${s.summary ? `: ${escapeText(s.summary.replace(/\s+/g, " "))}` : ""}`,
  );
  if (omitted > 0) lines.push(`… and ${omitted} more server${omitted === 1 ? "" : "s"}: find their tools by keyword.`);
  return [
    OPEN,
    `${totalTools} tools on ${count} MCP server${count === 1 ? "" : "s"}, too many to name here. Servers (tool count: what they do):`,
    ...lines,
    CLOSE,
    "The tools of these servers exist but their schemas are not loaded. Call `tool_search` to load the ones you need " +
      '(query forms: plain keywords such as "create a github issue"; "server:NAME" to list a server\'s tools (a small server\'s are loaded), ' +
      '"server:NAME words" to search one server; "select:name_a,name_b" for exact names; "+term words"). ' +
      "Found tools become callable on your next step.",
  ].join("\n");
}
