import type { CatalogEntry, ToolCatalog } from "./catalog";
import { SearchQueryError } from "./search";
import { shortDescription } from "./promotion";

/** `server:NAME` lists a server's tools; `server:NAME words` searches only that server. */
export interface ServerQuery {
  server: string;
  rest: string;
}

const SERVER_QUERY = /^\s*server:\s*([A-Za-z0-9_-]+)\s*([\s\S]*)$/i;
const MAX_LISTED = 200;

export function parseServerQuery(query: string): ServerQuery | null {
  const m = SERVER_QUERY.exec(query);
  return m ? { server: m[1] as string, rest: (m[2] ?? "").trim() } : null;
}

/** The catalog's server of that name, matched without regard to case; null when there is none. */
export function findServer(catalog: ToolCatalog, name: string): string | null {
  const servers = catalog.servers().map((s) => s.name);
  return servers.find((s) => s === name) ?? servers.find((s) => s.toLowerCase() === name.toLowerCase()) ?? null;
}

/** One alternative of a tool_search call with its `server:` scope read once, for every search made for it. */
export interface ScopedAlternative {
  /** The alternative as written. */
  raw: string;
  /** The words searched: those after `server:NAME`, or the whole alternative. */
  text: string;
  /** Absent: the whole catalog. Else the server asked for and the catalog's server of that name (null: none). */
  scope?: { asked: string; server: string | null };
}

export function scopeAlternative(catalog: ToolCatalog, raw: string): ScopedAlternative {
  if (/^\s*server:\s*$/i.exec(raw) !== null)
    throw new SearchQueryError(`tool_search "server:" needs a server name, e.g. "server:${exampleServer(catalog)}".`);
  const scoped = parseServerQuery(raw);
  if (!scoped) return { raw, text: raw };
  return { raw, text: scoped.rest, scope: { asked: scoped.server, server: findServer(catalog, scoped.server) } };
}

/** The catalog's servers' names, sorted (tools with no server left out). */
function serverNames(catalog: ToolCatalog): string[] {
  return catalog
    .servers()
    .map((s) => s.name)
    .filter(Boolean)
    .sort();
}

/** A server of the catalog to show in an example (the first by name), or a placeholder. */
function exampleServer(catalog: ToolCatalog): string {
  return serverNames(catalog)[0] ?? "NAME";
}

export function unknownServerText(catalog: ToolCatalog, name: string): string {
  const known = serverNames(catalog);
  return `Error: no MCP server "${name}" has deferred tools. Servers: ${known.join(", ") || "none"}.`;
}

/** The deferred tools of the catalog's server of that name (as findServer names it), by name: whatever the catalog's order. */
export function serverTools(catalog: ToolCatalog, server: string): CatalogEntry[] {
  const tools = catalog.servers().find((s) => s.name === server)?.tools ?? [];
  return [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A server's tools (serverTools) by name and first sentence, nothing loaded: the model picks, then selects. */
export function serverToolsText(server: string, tools: readonly CatalogEntry[]): string {
  const shown = tools.slice(0, MAX_LISTED);
  const lines = shown.map((e) => `${e.name}: ${shortDescription(e.definition.function.description)}`);
  if (tools.length > shown.length)
    lines.push(`… and ${tools.length - shown.length} more: search with "server:${server} words".`);
  return [
    `Server ${server} has ${tools.length} deferred tool${tools.length === 1 ? "" : "s"} (nothing was loaded):`,
    ...lines,
    'Load the ones you need with tool_search "select:name_a,name_b".',
  ].join("\n");
}
