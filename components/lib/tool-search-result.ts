import { readToolSearchAnswer } from "@/lib/contracts/tool-search";

/** One tool that a tool_search call returned, and so promoted into the thread. */
export interface FoundTool {
  name: string;
  description: string;
}

/** A tool the search named as near a weak query, with its server (not loaded). */
export interface ClosestTool {
  name: string;
  server: string | null;
}

export type ToolSearchResult =
  /**
   * `notLoaded`: matches only named (weaker, or over the promoted budget); the model can select them.
   * `closest`: when even the best match was weak, other tools near the query, with their servers.
   */
  | { kind: "found"; tools: FoundTool[]; notLoaded: FoundTool[]; closest: ClosestTool[] }
  /** `message`: the server's words, or null when it sent empty lists (the card says so in its language). */
  | { kind: "none"; message: string | null }
  /** Anything else (an error, an unexpected shape): shown verbatim. */
  | { kind: "text"; message: string };

export function parseToolSearchResult(content: string): ToolSearchResult {
  const text = content.trim();
  if (/^no tools? (were )?found/i.test(text)) return { kind: "none", message: text };
  if (!text.startsWith("[") && !text.startsWith("{")) return { kind: "text", message: text };
  const answer = readToolSearchAnswer(text);
  if (!answer) return { kind: "text", message: text };
  const tools = answer.tools.map((fn) => ({ name: fn.name, description: fn.description ?? "" }));
  const notLoaded = (answer.not_loaded ?? []).map((n) => ({ name: n.name, description: n.description ?? "" }));
  const near = (answer.closest ?? []).map((c) => ({ name: c.name, server: c.server ?? null }));
  if (tools.length === 0 && notLoaded.length === 0) return { kind: "none", message: null };
  return { kind: "found", tools, notLoaded, closest: near };
}

/**
 * The query of a tool_search call, its alternatives (`queries`) joined with " | " as the search reads them;
 * args may still be streaming in, so anything goes.
 */
export function toolSearchQuery(args: unknown): string {
  if (!args || typeof args !== "object") return "";
  const { query, queries } = args as { query?: unknown; queries?: unknown };
  const all = [query, ...(Array.isArray(queries) ? queries : [])].filter(
    (q): q is string => typeof q === "string" && q.length > 0,
  );
  return all.join(" | ");
}
