import { createHash } from "node:crypto";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { type OpenAIFunctionDef, toOpenAIDefinition } from "@/lib/tools/openai-def";
import { canonicalJson } from "./canonical-json";
import { createToolSearcher, type SearchDoc, type ToolSearcher } from "./search";

export interface CatalogEntry {
  name: string;
  server: string | null;
  definition: OpenAIFunctionDef;
}

/**
 * sha256 over the canonical, name-sorted list of {name, schema}, 16 hex chars, where schema is the
 * tool's OpenAI function ({name, description, parameters}) — the design's formula, byte for byte.
 */
export function catalogHash(entries: ReadonlyArray<{ name: string; definition: OpenAIFunctionDef }>): string {
  const canon = [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((e) => ({ name: e.name, schema: e.definition.function }));
  return createHash("sha256").update(canonicalJson(canon), "utf8").digest("hex").slice(0, 16);
}

const searcherCache = new Map<string, ToolSearcher>();
const SEARCHER_CACHE_MAX = 8;

/**
 * The deferred tools: what tool_search searches and returns. Immutable; its hash identifies it,
 * and the search index is built once per hash (shared by every agent built on the same catalog).
 */
export class ToolCatalog {
  readonly entries: ReadonlyArray<CatalogEntry>;
  readonly hash: string;
  readonly names: ReadonlySet<string>;
  private readonly byName: Map<string, CatalogEntry>;

  constructor(tools: ReadonlyArray<{ tool: StructuredToolInterface; server: string | null }>) {
    this.entries = tools.map(({ tool, server }) => ({ name: tool.name, server, definition: toOpenAIDefinition(tool) }));
    this.byName = new Map(this.entries.map((e) => [e.name, e]));
    this.names = new Set(this.byName.keys());
    this.hash = catalogHash(this.entries);
  }

  get(name: string): CatalogEntry | undefined {
    return this.byName.get(name);
  }

  /** The catalog as the searchers see it. */
  searchDocs(): SearchDoc[] {
    return this.entries.map((e) => ({
      name: e.name,
      description: e.definition.function.description,
      parameters: e.definition.function.parameters,
      server: e.server ?? undefined,
    }));
  }

  private searcher(): ToolSearcher {
    let s = searcherCache.get(this.hash);
    if (!s) {
      s = createToolSearcher(this.searchDocs());
      if (searcherCache.size >= SEARCHER_CACHE_MAX) searcherCache.delete(searcherCache.keys().next().value as string);
      searcherCache.set(this.hash, s);
    }
    return s;
  }

  /** Matches, best first, at most `limit`. Throws SearchQueryError for a refused query. */
  search(query: string, limit: number): CatalogEntry[] {
    return this.searcher()
      .search(query, limit)
      .slice(0, limit)
      .map((n) => this.byName.get(n))
      .filter((e): e is CatalogEntry => e !== undefined);
  }
}
