import { log } from "@/lib/log/logger";
import type { CatalogEntry, ToolCatalog } from "./catalog";
import type { SearchBudget } from "./search";
import { parseQuery } from "./search/query-modes";
import { type EmbeddingsLike, fuseRankings, SemanticIndex } from "./search/semantic";

/** How long a failed index build is remembered before trying the endpoint again. */
const RETRY_MS = 60_000;

export interface HybridOptions {
  embeddings: EmbeddingsLike;
  /** Weight of the semantic list in the fusion (the lexical list weighs 1). */
  weight: number;
}

interface CachedIndex {
  promise: Promise<SemanticIndex | null>;
  /** When the build failed (it is retried after RETRY_MS), else null. */
  failedAt: number | null;
}

/** One semantic index per catalog hash, shared by every agent built on that catalog. */
const indexes = new Map<string, CachedIndex>();

/**
 * Optional hybrid search: plain-language queries are answered by fusing the lexical ranking with an
 * embeddings ranking; `select:`, `+term` and regex keep their exact lexical semantics. Any failure of
 * the embeddings endpoint falls back to the lexical result, so tool_search never breaks because of it.
 */
export class HybridSearch {
  constructor(
    private readonly catalog: ToolCatalog,
    private readonly opts: HybridOptions,
  ) {}

  private index(): Promise<SemanticIndex | null> {
    const cached = indexes.get(this.catalog.hash);
    if (cached && (cached.failedAt === null || Date.now() - cached.failedAt < RETRY_MS)) return cached.promise;
    const entry: CachedIndex = { promise: Promise.resolve(null), failedAt: null };
    entry.promise = SemanticIndex.build(this.catalog.searchDocs(), this.opts.embeddings).catch((e: Error) => {
      log("warn", "tool_search.embeddings_failed", { catalog_hash: this.catalog.hash, error: e.message });
      entry.failedAt = Date.now();
      return null;
    });
    indexes.set(this.catalog.hash, entry);
    return entry.promise;
  }

  async search(query: string, limit: number, budget?: SearchBudget): Promise<CatalogEntry[]> {
    if (parseQuery(query).mode !== "text") return this.catalog.search(query, limit, budget);
    // One lexical search, wide enough to fuse; its first `limit` are the plain lexical answer.
    const wide = this.catalog.search(query, limit * 4);
    const lexical = wide.slice(0, limit);
    try {
      const index = await this.index();
      if (!index) return lexical;
      const vector = await this.opts.embeddings.embedQuery(query);
      const names = fuseRankings(
        [
          { names: wide.map((e) => e.name), weight: 1 },
          { names: index.rank(vector, limit * 4), weight: this.opts.weight },
        ],
        limit,
      );
      return names.map((n) => this.catalog.get(n)).filter((e): e is CatalogEntry => e !== undefined);
    } catch (e) {
      log("warn", "tool_search.embeddings_failed", { catalog_hash: this.catalog.hash, error: (e as Error).message });
      return lexical;
    }
  }
}
