/**
 * The LangGraph Platform API subset (LANGGRAPH_API.md) as one fetch-style handler: `handle(Request) → Response`.
 * Routing sits behind the one HTTP edge (lib/server/edge: CORS, token auth, the error mapper, the request log).
 * Mounted by `app/api/langgraph/[...path]/route.ts`; callers use `handle` directly or through the official SDK.
 */
import { log as defaultLog } from "@/lib/log/logger";
import { buildAssistant } from "./assistant";
import { configuredApiToken } from "./auth";
import { parseCorsOrigins } from "./cors";
import { createEdge } from "./edge";
import { publicError } from "./errors";
import { parseAllowedHosts, sourcePolicyFromEnv } from "./request-source";
import { ApiError, DEFAULT_MAX_BODY_BYTES } from "./http";
import { compileRoutes, matchRoute, type ApiContext, type ResolvedRuntime } from "./router";
import { metaRoutes } from "./routes/meta";
import { runRoutes } from "./routes/runs";
import { MAX_HISTORY_BYTES, stateRoutes } from "./routes/state";
import { findThread, threadRoutes } from "./routes/threads";
import { RunManager, type RunManagerOptions } from "./runs";
import type { ThreadRecords } from "./thread-records";
import { ThreadStore } from "./thread-store";
import type { AgentRuntime, Logger, SharedPersistence } from "./types";

export interface LangGraphApiDeps {
  /** The lead agent (cached by its provider; may change when config changes). */
  getRuntime: () => Promise<AgentRuntime>;
  /** URL path the API is mounted at. Default `/api/langgraph`. */
  basePath?: string;
  logger?: Logger;
  /** Required bearer token; default `FAWN_API_TOKEN`. Empty/undefined disables auth. */
  apiToken?: string;
  /** Allowed CORS origins; default `FAWN_CORS_ORIGINS`. */
  corsOrigins?: string[];
  /** Host names (host or host:port) accepted besides loopback and FAWN_ALLOWED_HOSTS. */
  allowedHosts?: string[];
  /** Largest accepted request body. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Largest `POST /threads/{id}/history` response, in bytes of JSON. Default 8 MiB (MAX_HISTORY_BYTES). */
  maxHistoryBytes?: number;
  /** SSE heartbeat interval. Default 5 s (the SDK's idle watchdog then allows 15 s of silence). */
  heartbeatMs?: number;
  /** How long finished runs stay joinable in memory. Default 15 min, at most `maxRetainedRuns` (default 200). */
  runRetentionMs?: number;
  maxRetainedRuns?: number;
  now?: () => Date;
}

export interface LangGraphApi {
  handle(request: Request): Promise<Response>;
  /** Whether the thread exists: a record, or checkpoints written by the `fawn` CLI (adopted as GET would). */
  hasThread(threadId: string): Promise<boolean>;
  /**
   * Refuse new requests (503), cancel this process's active runs and wait until each has released its thread,
   * close the SQLite thread file(s).
   */
  close(): Promise<void>;
}

const allRoutes = compileRoutes([...metaRoutes, ...threadRoutes, ...stateRoutes, ...runRoutes]);

export function createLangGraphApi(deps: LangGraphApiDeps): LangGraphApi {
  const logger = deps.logger ?? defaultLog;
  const now = deps.now ?? (() => new Date());
  const basePath = (deps.basePath ?? "/api/langgraph").replace(/\/+$/, "");
  // Read per request unless injected, as for every route behind the edge.
  const edge = createEdge({
    logger,
    apiToken: () => ("apiToken" in deps ? deps.apiToken || undefined : configuredApiToken()),
    corsOrigins: () => deps.corsOrigins ?? parseCorsOrigins(),
    source: () => {
      const env = sourcePolicyFromEnv();
      return {
        ...env,
        allowedHosts: [...env.allowedHosts, ...parseAllowedHosts((deps.allowedHosts ?? []).join(","))],
        corsOrigins: deps.corsOrigins ?? env.corsOrigins,
      };
    },
  });
  const createdAt = now().toISOString();
  const runOptions: RunManagerOptions = {
    logger,
    now,
    retentionMs: deps.runRetentionMs ?? 15 * 60_000,
    maxRetainedRuns: deps.maxRetainedRuns ?? 200,
  };
  // SQLite files: one RunManager whose runs live in memory; each file's lock table keeps other processes out.
  const stores = new Map<string, ThreadStore>();
  const runs = new RunManager(runOptions);
  // A database instances share: its records and a RunManager coordinated through its run book.
  const shared = new Map<string, { store: ThreadRecords; runs: RunManager }>();

  async function sharedBackend(persistence: SharedPersistence): Promise<{ store: ThreadRecords; runs: RunManager }> {
    // Every request waits for the database (connected, migrated): unreachable is a 503 saying so.
    const opened = await persistence.open();
    let backend = shared.get(persistence.key);
    if (!backend) {
      backend = { store: opened.threads, runs: new RunManager({ ...runOptions, book: opened.book }) };
      shared.set(persistence.key, backend);
    }
    return backend;
  }

  function storeFor(dbPath: string): ThreadStore {
    let store = stores.get(dbPath);
    if (!store) {
      store = new ThreadStore(dbPath, now);
      const reset = store.resetStaleBusy();
      if (reset > 0) logger("warn", "threads.stale_busy_reset", { count: reset });
      stores.set(dbPath, store);
    }
    return store;
  }

  // Set by close(): from then on no request may start a run or open a store.
  let closing = false;

  const ctx: ApiContext = {
    async resolve(): Promise<ResolvedRuntime> {
      if (closing)
        throw new ApiError(503, "agent_unavailable", "The server is shutting down; try again once it is back");
      let runtime: AgentRuntime;
      try {
        runtime = await deps.getRuntime();
      } catch (err) {
        // Usually a config problem the user must fix: say what it is (first line, credentials masked).
        const { message } = publicError(err);
        logger("error", "agent.unavailable", { message });
        throw new ApiError(503, "agent_unavailable", `The agent is not available: ${message.split("\n")[0]}`);
      }
      const assistant = buildAssistant(runtime.assistant, createdAt);
      if (runtime.shared) return { runtime, assistant, ...(await sharedBackend(runtime.shared)) };
      if (!runtime.dbPath) throw new Error("The agent runtime names no thread store (neither dbPath nor shared)");
      return { runtime, assistant, store: storeFor(runtime.dbPath), runs };
    },
    logger,
    now,
    heartbeatMs: deps.heartbeatMs ?? 5_000,
    maxBodyBytes: deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxHistoryBytes: deps.maxHistoryBytes ?? MAX_HISTORY_BYTES,
  };

  const handle = edge(async (request, url) => {
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    const { route, params } = matchRoute(allRoutes, request.method, path.split("/").filter(Boolean));
    return route.handler({ request, url, params, ctx });
  });

  return {
    handle: (request) => handle(request),
    hasThread: async (threadId) => (await findThread(await ctx.resolve(), threadId)) !== undefined,
    async close() {
      closing = true;
      await Promise.all([runs, ...[...shared.values()].map((b) => b.runs)].map((r) => r.cancelAll()));
      shared.clear();
      for (const store of stores.values()) store.close();
      stores.clear();
    },
  };
}
