import { createHash } from "node:crypto";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { type ToolAnnotations, ToolAnnotationsSchema } from "@/lib/contracts/inventory";
import { toolDefinitionTokens } from "@/lib/tokens";
import { type OpenAIFunctionDef, toOpenAIDefinition } from "@/lib/tools/openai-def";
import { canonicalJson } from "./canonical-json";
import { SearcherCache } from "./searcher-cache";
import {
  BuildAbandoned,
  createToolSearcher,
  DEFAULT_SLICE_MS,
  resolveTechniques,
  runInSlices,
  type SearchBudget,
  type SearchDoc,
  type SearchTechniques,
  type SlicedBuild,
  type SliceStats,
  startToolSearcherBuild,
  type ToolSearcher,
} from "./search";

export { type ToolAnnotations, ToolAnnotationsSchema };

export interface CatalogEntry {
  name: string;
  server: string | null;
  definition: OpenAIFunctionDef;
  /** As the server listed them (@langchain/mcp-adapters keeps them in the tool's metadata). */
  annotations?: ToolAnnotations;
}

/** A result with its score where the query mode ranks by one, else null. */
export interface ScoredEntry {
  entry: CatalogEntry;
  score: number | null;
}

/** The annotations @langchain/mcp-adapters kept in an MCP tool's metadata, when there are any. */
export function annotationsOf(tool: StructuredToolInterface): ToolAnnotations | undefined {
  const parsed = ToolAnnotationsSchema.safeParse(
    (tool as { metadata?: { annotations?: unknown } }).metadata?.annotations,
  );
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : undefined;
}

const canonicalItem = (e: { name: string; definition: OpenAIFunctionDef }) =>
  canonicalJson({ name: e.name, schema: e.definition.function });
const sha16 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);

/** One tool's own hash: the catalog formula applied to that tool alone, so one changed tool changes one hash. */
export function toolHash(entry: { name: string; definition: OpenAIFunctionDef }): string {
  return sha16(canonicalItem(entry));
}

/**
 * sha256 over the canonical, name-sorted list of {name, schema}, 16 hex chars, where schema is the
 * tool's OpenAI function ({name, description, parameters}) — the design's formula, byte for byte.
 */
export function catalogHash(entries: ReadonlyArray<{ name: string; definition: OpenAIFunctionDef }>): string {
  const canon = [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((e) => ({ name: e.name, schema: e.definition.function }));
  return sha16(canonicalJson(canon));
}

/**
 * Search indexes shared by identical catalogs with the same techniques: at most 8, indexing at most 25,000 tools
 * together (two of 10,000 tools and smaller ones beside them; the newest is always kept).
 */
const searcherCache = new SearcherCache<ToolSearcher>(8, 25_000);
/** Indexes being built a slice at a time (warm()), by the same key: a search that needs one finishes it. */
const pendingBuilds = new Map<string, SlicedBuild<ToolSearcher>>();
/**
 * The build the latest warm() runs. The app warms the catalog of each agent it builds, so a newer warm() of
 * another catalog means this one was replaced (tools changed again before its index was done): it is abandoned,
 * and a search that still needs it builds it then, as without warm().
 */
let warming: { key: string; build: SlicedBuild<ToolSearcher>; abandon: AbortController } | null = null;
/**
 * Pattern indexes being built a slice at a time (warmPatterns), by their catalog's key: a warm() of another catalog
 * stops them as it abandons an older warm(), and a pattern search then builds what is left at once.
 */
const patternWarms = new Map<AbortController, string>();

/**
 * What warm() did: whether it built the index (or abandoned it for a newer catalog's), its wall time, and the
 * thread time its slices took.
 */
export interface WarmResult extends SliceStats {
  built: boolean;
  abandoned: boolean;
  ms: number;
}

/** What warm() or warmPatterns() says when there was nothing to build. */
const NOTHING_BUILT: WarmResult = { built: false, abandoned: false, ms: 0, busyMs: 0, slices: 0, longestSliceMs: 0 };

/**
 * Runs `build` a slice at a time until it is done (`keep` then takes what it made) or `signal` abandons it, and says
 * which, its wall time from `started` and what its slices cost.
 */
async function warmInSlices<T>(
  build: SlicedBuild<T>,
  sliceMs: number,
  signal: AbortSignal,
  started: number,
  keep: (made: T) => void = () => {},
): Promise<WarmResult> {
  try {
    keep(await runInSlices(build, sliceMs, signal));
  } catch (e) {
    if (!(e instanceof BuildAbandoned)) throw e;
    return { built: false, abandoned: true, ms: performance.now() - started, ...build.cost() };
  }
  return { built: true, abandoned: false, ms: performance.now() - started, ...build.cost() };
}

/**
 * The deferred tools: what tool_search searches and returns. Immutable; its hash identifies it,
 * and the search index is built once per hash and search techniques (shared by every agent built on the
 * same catalog with the same `tool_search.techniques`).
 */
export class ToolCatalog {
  readonly entries: ReadonlyArray<CatalogEntry>;
  readonly hash: string;
  readonly names: ReadonlySet<string>;
  /** Each tool's own schema hash: what a promotion is keyed by. */
  readonly toolHashes: ReadonlyMap<string, string>;
  private readonly byName: Map<string, CatalogEntry>;
  private readonly tokenCache = new Map<string, number>();
  private readonly serverSearchers = new Map<string, ToolSearcher>();
  /** The search techniques every searcher of this catalog uses (`tool_search.techniques`, defaults filled in). */
  readonly techniques: SearchTechniques;
  /**
   * Per server, what it is for (its `description` in extensions_config.json, else the one the server gives of
   * itself: lib/mcp/server-slot.ts, describedAs): the searchers read it with each of the server's tools. Not part
   * of `hash` (a promotion stays valid when a description is reworded); part of the key the searchers are cached by.
   */
  private readonly serverDescriptions: ReadonlyMap<string, string>;
  private readonly descriptionsKey: string;

  constructor(
    tools: ReadonlyArray<{ tool: StructuredToolInterface; server: string | null }>,
    techniques?: Partial<SearchTechniques>,
    serverDescriptions: ReadonlyMap<string, string> = new Map(),
  ) {
    this.techniques = resolveTechniques(techniques);
    this.entries = tools.map(({ tool, server }) => {
      const annotations = annotationsOf(tool);
      return { name: tool.name, server, definition: toOpenAIDefinition(tool), ...(annotations ? { annotations } : {}) };
    });
    this.byName = new Map(this.entries.map((e) => [e.name, e]));
    this.names = new Set(this.byName.keys());
    this.hash = catalogHash(this.entries);
    this.toolHashes = new Map(this.entries.map((e) => [e.name, toolHash(e)]));
    const servers = new Set(this.entries.map((e) => e.server));
    this.serverDescriptions = new Map(
      [...serverDescriptions].filter(([server, text]) => servers.has(server) && text.trim() !== ""),
    );
    this.descriptionsKey = JSON.stringify([...this.serverDescriptions].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  get(name: string): CatalogEntry | undefined {
    return this.byName.get(name);
  }

  /** o200k tokens of a tool's definition as bound (counted on first use, then kept). */
  tokens(name: string): number {
    let n = this.tokenCache.get(name);
    if (n === undefined) {
      const e = this.byName.get(name);
      n = e ? toolDefinitionTokens(e.definition) : 0;
      this.tokenCache.set(name, n);
    }
    return n;
  }

  /** The servers the catalog's tools come from, in first-seen order, with their tools in catalog order. */
  servers(): Array<{ name: string; tools: CatalogEntry[] }> {
    const by = new Map<string, CatalogEntry[]>();
    for (const e of this.entries) {
      const key = e.server ?? "";
      const list = by.get(key);
      if (list) list.push(e);
      else by.set(key, [e]);
    }
    return [...by].map(([name, tools]) => ({ name, tools }));
  }

  /** The catalog as the searchers see it. */
  searchDocs(): SearchDoc[] {
    return this.entries.map((e) => {
      const about = e.server === null ? undefined : this.serverDescriptions.get(e.server);
      return {
        name: e.name,
        description: e.definition.function.description,
        parameters: e.definition.function.parameters,
        server: e.server ?? undefined,
        ...(about ? { serverDescription: about } : {}),
      };
    });
  }

  private searcherKey(): string {
    return `${this.hash} ${JSON.stringify(this.techniques)} ${this.descriptionsKey}`;
  }

  private searcher(): ToolSearcher {
    const key = this.searcherKey();
    let s = searcherCache.get(key);
    if (!s) {
      const pending = pendingBuilds.get(key);
      if (pending) {
        // A search cannot wait for the slices: what is left of the build runs now.
        try {
          s = pending.finish();
        } finally {
          pendingBuilds.delete(key);
        }
      } else s = createToolSearcher(this.searchDocs(), this.techniques);
      searcherCache.set(key, s, this.entries.length);
    }
    return s;
  }

  /**
   * Builds the search index now, a slice of about `sliceMs` at a time with the event loop's other work between
   * slices, unless this catalog's (or an identical one's) is built or being built already: called when the agent
   * is built, so the first tool_search does not pay for it (at 10,000 tools about half a second of the thread's
   * time, which a server streaming other answers should not spend in one go). A search that comes meanwhile
   * finishes the build at once; a newer warm() of another catalog abandons it (see `warming`). Says whether it
   * built one or abandoned it, its wall time and what its slices cost.
   */
  async warm(sliceMs = DEFAULT_SLICE_MS): Promise<WarmResult> {
    const key = this.searcherKey();
    if (searcherCache.has(key) || pendingBuilds.has(key)) return { ...NOTHING_BUILT };
    if (warming) {
      warming.abandon.abort();
      if (pendingBuilds.get(warming.key) === warming.build) pendingBuilds.delete(warming.key);
    }
    for (const [abandon, of] of patternWarms) if (of !== key) abandon.abort();
    const started = performance.now();
    const build = startToolSearcherBuild(this.searchDocs(), this.techniques);
    const abandon = new AbortController();
    const mine = { key, build, abandon };
    warming = mine;
    pendingBuilds.set(key, build);
    try {
      return await warmInSlices(build, sliceMs, abandon.signal, started, (searcher) =>
        searcherCache.set(key, searcher, this.entries.length),
      );
    } finally {
      if (warming === mine) warming = null;
      if (pendingBuilds.get(key) === build) pendingBuilds.delete(key);
    }
  }

  /**
   * Builds what pattern searches read (a substring index over the tools' names and descriptions), a slice at a
   * time, once warm() has built the search index: else the first pattern search builds it in one go, about 60 ms
   * at 10,000 tools. Does nothing when the index is not built yet or already has it; a warm() of another catalog
   * stops it (a pattern search then builds the rest at once). Says what it did, as warm() does.
   */
  async warmPatterns(sliceMs = DEFAULT_SLICE_MS): Promise<WarmResult> {
    const key = this.searcherKey();
    const build = searcherCache.get(key)?.patternIndexBuild?.() ?? null;
    if (!build) return { ...NOTHING_BUILT };
    const abandon = new AbortController();
    patternWarms.set(abandon, key);
    try {
      return await warmInSlices(build, sliceMs, abandon.signal, performance.now());
    } finally {
      patternWarms.delete(abandon);
    }
  }

  /** Matches, best first, with scores where the mode has them. Throws SearchQueryError for a refused query. */
  searchScored(query: string, limit: number, server?: string, budget?: SearchBudget): ScoredEntry[] {
    const searcher = server === undefined ? this.searcher() : this.serverSearcher(server);
    const found = searcher.searchScored
      ? searcher.searchScored(query, limit, budget)
      : searcher.search(query, limit).map((name) => ({ name, score: null }));
    return found
      .slice(0, limit)
      .map((f) => ({ entry: this.byName.get(f.name), score: f.score }))
      .filter((f): f is ScoredEntry => f.entry !== undefined);
  }

  /**
   * Share (0–1) of the query's words the named tool holds, or null where the query matches exactly
   * (select:, +term, patterns) or the searcher cannot tell.
   */
  matchShare(query: string, name: string, server?: string): number | null {
    const searcher = server === undefined ? this.searcher() : this.serverSearcher(server);
    return searcher.matchShare ? searcher.matchShare(query, name) : null;
  }

  /**
   * The tool a `select:` name stands for: itself, or the tool it names in another case or with other separators
   * (as `select:` reads it); undefined when there is none.
   */
  selectName(name: string): string | undefined {
    if (this.byName.has(name)) return name;
    return this.searcher().named?.(name);
  }

  /** Whether a `+term` query's term is in some tool's name or is its server (else it is searched as plain words). */
  holdsPlusTerm(term: string): boolean {
    return this.searcher().holdsPlusTerm?.(term) ?? true;
  }

  /** Whether a pattern matches the name or description of any of these tools (else its words were searched). */
  patternMatchesAny(pattern: string, names: readonly string[], budget: SearchBudget): boolean {
    return this.searcher().patternMatchesAny?.(pattern, names, budget) ?? true;
  }

  /** A small index over one server's tools, for `server:NAME words` (built on first use). */
  private serverSearcher(server: string): ToolSearcher {
    let s = this.serverSearchers.get(server);
    if (!s) {
      s = createToolSearcher(
        this.searchDocs().filter((d) => (d.server ?? "") === server),
        this.techniques,
      );
      this.serverSearchers.set(server, s);
    }
    return s;
  }

  /** Matches, best first, at most `limit`. Throws SearchQueryError for a refused query. */
  search(query: string, limit: number, budget?: SearchBudget): CatalogEntry[] {
    const searcher = this.searcher();
    return (
      searcher.searchScored
        ? searcher.searchScored(query, limit, budget).map((f) => f.name)
        : searcher.search(query, limit)
    )
      .slice(0, limit)
      .map((n) => this.byName.get(n))
      .filter((e): e is CatalogEntry => e !== undefined);
  }
}
