import { onShutdown } from "@/lib/lifecycle/shutdown";
import fs from "node:fs";
import path from "node:path";
import type { LoadedConfig } from "@/lib/config";
import { ConfigStore, resolveConfigPaths } from "@/lib/config";
import type { Env } from "@/lib/config/env";
import { dataDirOf } from "@/lib/config/load";
import { log } from "@/lib/log/logger";
import { WILDCARD_IGNORED, wildcardWithoutToken } from "@/lib/server/cors";
import { secretsOf } from "@/lib/log/redact";
import { McpManager } from "@/lib/mcp/client";
import { type McpOAuth, mcpOAuthFor } from "@/lib/mcp/oauth/service";
import { lifecycleWarnings, planLifecycles, withBoundServers } from "@/lib/mcp/lifecycle";
import { ToolsCache, toolsCacheDir } from "@/lib/mcp/tools-cache";
import type { McpServerStatus } from "@/lib/mcp/types";
import type { ModelFactoryOptions } from "@/lib/models/factory";
import { closePersistence, type Persistence, persistenceFor } from "@/lib/persistence/persistence";
import { type ToolContext, toolContextFor } from "@/lib/tools/context";
import type { ToolCatalog, WarmResult } from "@/lib/deferred/catalog";
import { type CatalogChange, diffCatalogs } from "@/lib/deferred/drift";
import { type BuiltAgent, buildLeadAgent } from "./lead-agent";
import { StateUpdateValuesSchema } from "./state-update";

export const ASSISTANT = {
  graph_id: "lead_agent",
  name: "Fawn lead agent",
  description: "One lead agent with built-in, configured and deferred MCP tools found through tool_search.",
} as const;

/** What the HTTP API and the CLI need: the compiled graph, where threads live, and what it was built from. */
export interface AgentRuntime {
  graph: BuiltAgent["agent"]["graph"];
  /** Where threads, checkpoints and runs are kept (`checkpointer:` in config.yaml). */
  persistence: Persistence;
  /** The SQLite file of threads and checkpoints; empty with PostgreSQL (then `shared` is set). */
  dbPath: string;
  /** PostgreSQL: the threads and runs shared with other instances. */
  shared: Persistence["shared"];
  assistant: { graph_id: string; name: string; description: string };
  built: BuiltAgent;
  config: LoadedConfig;
  /** The sandbox and tool settings of this configuration, for whatever serves the thread's files. */
  toolContext: ToolContext;
  /** Checks the values of a state update against the agent's own channels. */
  stateUpdateSchema: typeof StateUpdateValuesSchema;
  mcpServers: McpServerStatus[];
  /** The newest config edit or rebuild that failed (the previous agent stays in force), if any. */
  error: string | null;
  /** The newest rebuild that changed the deferred catalog, tool by tool (e.g. after tools/list_changed). */
  catalogChange: CatalogChange | null;
}

export interface RuntimeOptions {
  config?: string;
  extensions?: string;
  models?: ModelFactoryOptions;
}

/**
 * Owns the config store, the MCP connections and the built agent, and rebuilds the agent when the
 * config files change or an MCP server's catalog changes. A failed rebuild keeps the last good agent.
 */
export class FawnRuntime {
  readonly store: ConfigStore;
  private mcp: McpManager | null = null;
  /** The built runtime, and the MCP manager's statusVersion its `mcpServers` were taken at. */
  private current: { key: string; runtime: AgentRuntime; statusVersion: number } | null = null;
  private building: Promise<AgentRuntime> | null = null;
  private failed: { key: string; error: string } | null = null;
  /** Derived once per config (the config's fingerprint), not on every request or tool call. */
  private secrets: { fingerprint: string; values: string[] } | null = null;
  /** Servers the built agent binds a tool of (server → tool): they run eagerly whatever the plan says. */
  private boundServers = new Map<string, string>();

  constructor(private readonly opts: RuntimeOptions = {}) {
    this.store = new ConfigStore(resolveConfigPaths(opts));
  }

  async get(): Promise<AgentRuntime> {
    this.building ??= this.refresh().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async refresh(): Promise<AgentRuntime> {
    let config: LoadedConfig;
    try {
      config = this.store.get();
    } catch (e) {
      if (this.current) return { ...this.current.runtime, error: (e as Error).message };
      throw e;
    }
    // The sandbox root exists before any server that is confined to it starts.
    fs.mkdirSync(path.resolve(config.baseDir, config.app.sandbox.root), { recursive: true });
    if (this.secrets?.fingerprint !== config.fingerprint)
      this.secrets = { fingerprint: config.fingerprint, values: secretsOf(config) };
    // Relative commands and args in extensions_config.json resolve from that file's own folder.
    // The MCP layer masks tool results and its servers' statuses with the secrets.
    this.mcp ??= new McpManager(
      path.dirname(config.paths.extensions),
      () => this.secrets?.values ?? [],
      (server) => this.oauth().providerFor(server),
    );
    const configError = this.store.lastError?.message ?? null;
    if (
      this.current &&
      this.current.key === `${config.fingerprint}:${this.mcp.generation}` &&
      !this.mcp.needsReload()
    ) {
      return this.withStatuses(this.current, this.mcp, configError);
    }
    const plan = planLifecycles(config);
    const cache = new ToolsCache(toolsCacheDir(config));
    const mcp = await this.mcp.load(config.servers, {
      lifecycles: withBoundServers(plan, this.boundServers),
      cache,
    });
    const key = `${config.fingerprint}:${this.mcp.generation}`;
    if (this.current && this.current.key === key) return this.withStatuses(this.current, this.mcp, configError);
    // The same inputs failed to build before: report that again rather than rebuild on every request.
    if (this.current && this.failed?.key === key)
      return { ...this.current.runtime, mcpServers: mcp.servers, error: this.failed.error };
    try {
      const toolContext = toolContextFor(config);
      const persistence = persistenceFor(config.app.checkpointer, config.baseDir);
      const built = await buildLeadAgent({
        config,
        mcp,
        checkpointer: persistence.checkpointer,
        models: this.opts.models,
        toolContext,
        onPromote: (names) => this.mcp?.wake(names),
        warnings: lifecycleWarnings(config.servers, plan, path.basename(config.paths.extensions)),
      });
      await this.keepBoundServersRunning(plan, built, mcp.tools);
      const statusVersion = this.mcp.statusVersion;
      const previous = this.current?.runtime;
      const runtime: AgentRuntime = {
        graph: built.agent.graph,
        persistence,
        dbPath: persistence.dbPath,
        shared: persistence.shared,
        assistant: ASSISTANT,
        built,
        config,
        toolContext,
        stateUpdateSchema: StateUpdateValuesSchema,
        mcpServers: this.mcp.statuses(),
        error: configError,
        catalogChange: previous
          ? (diffCatalogs(previous.built.setup.catalog, built.setup.catalog) ?? previous.catalogChange)
          : null,
      };
      this.current = { key, runtime, statusVersion };
      log("info", "agent.built", {
        tools: built.tools.length,
        deferred: built.setup.deferredNames.size,
        catalog_hash: built.setup.catalog?.hash ?? null,
      });
      // The search index is built as soon as this request yields, not by the first tool_search.
      const catalog = built.setup.catalog;
      if (catalog) setImmediate(() => void warmSearch(catalog));
      return runtime;
    } catch (e) {
      const message = (e as Error).message;
      log("error", "agent.build_failed", { error: message });
      this.failed = { key, error: message };
      if (this.current) {
        return { ...this.current.runtime, error: message };
      }
      throw e;
    }
  }

  /** OAuth for remote MCP servers, kept in this config's data folder (the routes and the CLI sign in through it). */
  oauth(env: Env = process.env): McpOAuth {
    return mcpOAuthFor(dataDirOf(path.dirname(this.store.paths.config), env));
  }

  /** Connect one MCP server afresh on the next get() (its OAuth tokens changed). */
  async reconnectServer(name: string): Promise<void> {
    await this.mcp?.reconnect(name);
  }

  /**
   * The built runtime with the servers' statuses as of now: lazy servers start and stop between builds. Read
   * again only when the manager says one changed; the same object while nothing did.
   */
  private withStatuses(
    current: NonNullable<FawnRuntime["current"]>,
    mcp: McpManager,
    error: string | null,
  ): AgentRuntime {
    const statusVersion = mcp.statusVersion;
    if (current.runtime.error === error && current.statusVersion === statusVersion) return current.runtime;
    const runtime = { ...current.runtime, mcpServers: mcp.statuses(), error };
    this.current = { ...current, runtime, statusVersion };
    return runtime;
  }

  /**
   * A lazy server whose tool the agent binds (the auto threshold can bind a whole server) must run like an
   * eager one: the model may call that tool on its first step.
   */
  private async keepBoundServersRunning(
    plan: ReturnType<typeof planLifecycles>,
    built: BuiltAgent,
    tools: ReadonlyArray<{ tool: { name: string }; server: string }>,
  ): Promise<void> {
    const serverOf = new Map(tools.map((t) => [t.tool.name, t.server]));
    const bound = new Map<string, string>();
    for (const name of built.setup.bound.keys()) {
      const server = serverOf.get(name);
      if (server && !bound.has(server)) bound.set(server, name);
    }
    const same = bound.size === this.boundServers.size && [...bound].every(([s, t]) => this.boundServers.get(s) === t);
    if (same) return;
    this.boundServers = bound;
    await this.mcp?.setLifecycles(withBoundServers(plan, bound));
  }

  /** Stop the MCP servers and close the database connections (the CLI on exit; a runtime that is done). */
  async close(): Promise<void> {
    await this.mcp?.close();
    if (this.current) await closePersistence(this.current.runtime.persistence);
  }
}

// Survives Next.js dev reloads of this module, so MCP servers are not spawned twice.
const globalForFawn = globalThis as unknown as { __fawnRuntime?: FawnRuntime };

/** The process-wide runtime on the default (or FAWN_CONFIG / FAWN_EXTENSIONS_CONFIG) paths. */
export function getAgentRuntime(): Promise<AgentRuntime> {
  return getFawnRuntime().get();
}

/** The process-wide FawnRuntime itself, for what manages it (its config store, reconnecting a server). */
export function getFawnRuntime(): FawnRuntime {
  if (!globalForFawn.__fawnRuntime) {
    const rt = new FawnRuntime();
    globalForFawn.__fawnRuntime = rt;
    if (wildcardWithoutToken()) log("warn", "cors.wildcard_ignored", { message: WILDCARD_IGNORED });
    // On SIGTERM/SIGINT, after the runs have stopped: close the MCP connections (stdio servers end with them).
    onShutdown("mcp", 20, () => rt.close());
  }
  return globalForFawn.__fawnRuntime;
}

/**
 * Builds a catalog's search index ahead of its first search, a slice at a time (ToolCatalog.warm), then what
 * pattern searches read (ToolCatalog.warmPatterns), and says so in the log: each one's wall time, the thread time
 * its slices took, how many and the longest.
 */
async function warmSearch(catalog: ToolCatalog): Promise<void> {
  const report = (what: "index" | "pattern_index", r: WarmResult) => {
    // Its tools changed again before it was done: the newer catalog's index is being built instead.
    if (r.abandoned)
      log("info", `search.${what}_abandoned`, { tools: catalog.entries.length, busy_ms: Math.round(r.busyMs) });
    if (r.built)
      log("info", `search.${what}_built`, {
        tools: catalog.entries.length,
        ms: Math.round(r.ms),
        busy_ms: Math.round(r.busyMs),
        slices: r.slices,
        longest_slice_ms: Math.round(r.longestSliceMs),
      });
  };
  try {
    report("index", await catalog.warm());
    report("pattern_index", await catalog.warmPatterns());
  } catch (e) {
    // The first tool_search builds it then, and reports what went wrong to the model.
    log("warn", "search.index_failed", { error: (e as Error).message });
  }
}
