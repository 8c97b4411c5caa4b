import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ResolvedServer } from "@/lib/config";
import { log } from "@/lib/log/logger";
import { redact } from "@/lib/log/redact";
import { connectServer, type McpConnection } from "./connect";
import { EAGER, type ServerLifecycle } from "./lifecycle";
import { isSignInRequired } from "./oauth/errors";
import { listAllTools, slotClient, wrapServerTools } from "./server-tools";
import {
  clearIdle,
  describedAs,
  isLazy,
  isRunning,
  newSlot,
  type ServerSlot,
  scheduleIdle,
  slotKey,
} from "./server-slot";
import { serverIdentity, type ToolsCache } from "./tools-cache";
import type { McpLoadResult, McpServerStatus } from "./types";

/** A failed server is tried again at most this often, so one dead server does not slow every turn. */
const RETRY_FAILED_MS = 30_000;

export interface LoadOptions {
  /** Each server's lifecycle (absent: eager, every server started at load). */
  lifecycles?: ReadonlyMap<string, ServerLifecycle>;
  /** Where tools/list is kept between runs; lazy servers need it to stay asleep across restarts. */
  cache?: ToolsCache | null;
}

/**
 * The MCP side of Fawn: one connection per server, each isolated (a failing, hanging or crashing
 * server only fails itself), cached across agent builds, reconnected when it died. Lazy servers
 * (lifecycle.ts) are known from the tools cache while asleep, started on a promotion or a call,
 * and stopped when idle. `generation` changes whenever any server's tool list may have changed,
 * so callers can rebuild.
 */
export class McpManager {
  private slots = new Map<string, ServerSlot>();
  private order: string[] = [];
  private cache: ToolsCache | null = null;
  generation = 0;
  /** Bumped whenever any server's status changes (or a server comes or goes): statuses() is worth reading again. */
  statusVersion = 0;

  /**
   * @param secrets values that must never leave through a tool result (env and header values, keys):
   *   a server may echo its environment (server-everything's get-env does).
   */
  constructor(
    private readonly baseDir: string,
    /** Also masked out of every error and warning a server's status shows (its stderr may echo its env). */
    private readonly secrets: () => readonly string[] = () => [],
    /** OAuth tokens for a remote server (lib/mcp/oauth), when it uses them. */
    private readonly authFor: (server: ResolvedServer) => OAuthClientProvider | undefined = () => undefined,
  ) {}

  private redactResult<T>(result: T): T {
    const secrets = this.secrets();
    if (secrets.length === 0) return result;
    const json = JSON.stringify(result);
    const masked = redact(
      json,
      secrets.map((s) => JSON.stringify(s).slice(1, -1)),
    );
    return masked === json ? result : (JSON.parse(masked) as T);
  }

  private setStatus(slot: ServerSlot, change: Partial<McpServerStatus>): void {
    slot.status = { ...slot.status, ...change };
    this.statusVersion++;
  }

  /** Bring the connections in line with the configured servers and return every usable tool. */
  async load(servers: ResolvedServer[], opts: LoadOptions = {}): Promise<McpLoadResult> {
    this.cache = opts.cache ?? null;
    const wanted = new Set(servers.map((s) => s.name));
    for (const [name, slot] of this.slots) {
      if (!wanted.has(name)) {
        this.slots.delete(name);
        this.statusVersion++;
        clearIdle(slot);
        await slot.conn?.close();
        this.generation++;
      }
    }
    this.order = servers.map((s) => s.name);
    this.statusVersion++;
    await Promise.all(servers.map((s) => this.ensure(s, opts.lifecycles?.get(s.name) ?? EAGER)));
    const result: McpLoadResult = { tools: [], servers: [] };
    for (const s of servers) {
      const slot = this.slots.get(s.name) as ServerSlot;
      result.servers.push({ ...slot.status });
      result.tools.push(...slot.entries);
    }
    return result;
  }

  /** Every server's status as of now, secrets masked (lazy servers go to sleep and wake between loads). */
  statuses(): McpServerStatus[] {
    return this.order.flatMap((name) => {
      const slot = this.slots.get(name);
      return slot ? [{ ...slot.status }] : [];
    });
  }

  /** True when a load() now would change something (a server died or is due for a retry). */
  needsReload(): boolean {
    for (const slot of this.slots.values()) {
      if (slot.status.status === "connected" && (slot.conn?.closed || slot.conn?.toolsChanged)) return true;
      // A lazy server keeping its cached tools is retried by its next use, not by a reload.
      if (isLazy(slot) && slot.entries.length > 0) continue;
      if (slot.status.status === "failed" && !slot.server.error && Date.now() - slot.failedAt > RETRY_FAILED_MS)
        return true;
    }
    return false;
  }

  /**
   * Start the sleeping lazy servers these tools belong to (they were just promoted), without waiting:
   * the model's call that follows finds them running. Returns the servers started.
   */
  wake(toolNames: Iterable<string>): string[] {
    const wanted = new Set(toolNames);
    const woken: string[] = [];
    for (const slot of this.slots.values()) {
      if (!isLazy(slot) || isRunning(slot) || slot.connecting || !this.canStart(slot)) continue;
      if (!slot.entries.some((e) => wanted.has(e.tool.name))) continue;
      woken.push(slot.server.name);
      log("info", "mcp.server_wake", { server: slot.server.name, why: "promoted" });
      void this.connect(slot);
    }
    return woken;
  }

  /** Apply new lifecycles to the servers already loaded: a server made eager is started now. */
  setLifecycles(lifecycles: ReadonlyMap<string, ServerLifecycle>): Promise<void> {
    const starts: Promise<void>[] = [];
    for (const [name, slot] of this.slots) {
      const life = lifecycles.get(name);
      if (!life) continue;
      const start = this.applyLifecycle(slot, life);
      if (start) starts.push(start);
    }
    return Promise.all(starts).then(() => undefined);
  }

  async close(): Promise<void> {
    for (const slot of this.slots.values()) clearIdle(slot);
    await Promise.all([...this.slots.values()].map((s) => s.conn?.close()));
    this.slots.clear();
  }

  /**
   * Drop a server's connection and its cached tools so the next load() connects it afresh (after an OAuth sign-in
   * or sign-out: what the server lists, or whether it answers at all, changed without its config changing).
   */
  async reconnect(name: string): Promise<void> {
    this.cache?.forget(name);
    const slot = this.slots.get(name);
    if (!slot) return;
    clearIdle(slot);
    this.slots.delete(name);
    this.statusVersion++;
    await slot.conn?.close();
    this.generation++;
  }

  private canStart(slot: ServerSlot): boolean {
    return slot.server.config.enabled && !slot.server.error;
  }

  /** Record a slot's lifecycle; returns the start of a sleeping server that must now run. */
  private applyLifecycle(slot: ServerSlot, life: ServerLifecycle): Promise<void> | null {
    slot.life = life;
    this.setStatus(slot, {
      lifecycle: life.lifecycle,
      lifecycle_reason: life.reason,
      idle_timeout_s: life.lifecycle === "lazy" ? life.idleMs / 1000 : null,
    });
    if (life.lifecycle === "lazy") {
      if (isRunning(slot)) this.scheduleIdle(slot);
      return null;
    }
    clearIdle(slot);
    if (isRunning(slot) || !this.canStart(slot) || slot.status.status !== "sleeping") return null;
    return this.connect(slot);
  }

  private async ensure(server: ResolvedServer, life: ServerLifecycle): Promise<void> {
    const key = slotKey(server);
    let slot = this.slots.get(server.name);
    if (slot && slot.key !== key) {
      clearIdle(slot);
      await slot.conn?.close();
      slot = undefined;
      this.generation++;
    }
    if (!slot) {
      slot = newSlot(server, life);
      this.slots.set(server.name, slot);
      this.statusVersion++;
      this.applyLifecycle(slot, life);
      if (isLazy(slot) && this.canStart(slot) && (await this.fromCache(slot))) return;
    } else {
      const wasEager = !isLazy(slot);
      this.applyLifecycle(slot, life);
      if (slot.status.status === "connected" && slot.conn && !slot.conn.closed && slot.conn.toolsChanged) {
        await this.relist(slot);
        return;
      }
      if (isRunning(slot) || slot.status.status === "disabled") return;
      if (isLazy(slot) && slot.entries.length > 0) {
        // Stopped or crashed: a lazy server sleeps until its next use; an eager one turning lazy may too.
        if (slot.status.status === "connected" || (wasEager && slot.status.status !== "failed")) this.toSleep(slot);
        return;
      }
      if (slot.status.status === "failed" && Date.now() - slot.failedAt < RETRY_FAILED_MS && slot.failedAt > 0) return;
    }
    await this.connect(slot);
    // Started only to learn its tools (no cache yet): a lazy server goes back to sleep at once.
    if (isLazy(slot) && isRunning(slot) && slot.inflight === 0) this.stop(slot, "tools cached");
  }

  /** A lazy server's tools from the cache, without starting it; false when nothing usable is cached. */
  private async fromCache(slot: ServerSlot): Promise<boolean> {
    const cached = this.cache?.read(slot.server.name, serverIdentity(slot.server, this.baseDir));
    if (!cached) return false;
    const before = slot.signature;
    const warnings = await this.adopt(slot, cached.tools, cached.malformed);
    this.setStatus(slot, {
      status: "sleeping",
      tools: slot.entries.length,
      error: null,
      warnings,
      cached_at: cached.cachedAt,
      description: describedAs(slot, cached.description),
    });
    if (slot.signature !== before) this.generation++;
    return true;
  }

  private connect(slot: ServerSlot): Promise<void> {
    slot.connecting ??= this.doConnect(slot).finally(() => {
      slot.connecting = null;
    });
    return slot.connecting;
  }

  private setFailed(slot: ServerSlot, raw: string, authRequired = false): void {
    // A server's stderr or error text may echo its own env or headers: masked before anyone sees it.
    const error = redact(raw, this.secrets());
    slot.conn = null;
    slot.failedAt = Date.now();
    // A lazy server keeps the tools it had (cached or listed): its next use tries again.
    if (!(isLazy(slot) && slot.entries.length > 0 && !slot.server.error)) {
      slot.entries = [];
      slot.signature = "";
    }
    this.setStatus(slot, {
      status: "failed",
      tools: slot.entries.length,
      error,
      connect_ms: null,
      auth_required: authRequired,
    });
    log("warn", "mcp.server_failed", { server: slot.server.name, error });
  }

  private async doConnect(slot: ServerSlot): Promise<void> {
    const { server } = slot;
    const before = slot.signature;
    if (!server.config.enabled) {
      slot.entries = [];
      slot.signature = "";
      this.setStatus(slot, { status: "disabled", tools: 0, error: null });
    } else if (server.error) {
      this.setFailed(slot, server.error);
    } else {
      await slot.conn?.close();
      const started = performance.now();
      try {
        const conn = await connectServer(server, this.baseDir, { authProvider: this.authFor(server) });
        const warnings = await this.listInto(slot, conn);
        slot.conn = conn;
        this.setStatus(slot, {
          status: "connected",
          tools: slot.entries.length,
          error: null,
          description: describedAs(slot, conn.description),
          warnings,
          connect_ms: Math.round(performance.now() - started),
          auth_required: false,
        });
        log("info", "mcp.server_connected", {
          server: server.name,
          tools: slot.entries.length,
          ms: slot.status.connect_ms,
          lifecycle: slot.life.lifecycle,
        });
        this.scheduleIdle(slot);
      } catch (e) {
        this.setFailed(slot, (e as Error).message, isSignInRequired(e));
      }
    }
    if (slot.signature !== before) this.generation++;
  }

  /** The server announced a new tool list: list again on the same connection. */
  private async relist(slot: ServerSlot): Promise<void> {
    const conn = slot.conn as McpConnection;
    conn.toolsChanged = false;
    const before = slot.signature;
    try {
      const warnings = await this.listInto(slot, conn);
      this.setStatus(slot, { tools: slot.entries.length, warnings });
      log("info", "mcp.tools_changed", { server: slot.server.name, tools: slot.entries.length });
    } catch (e) {
      await conn.close();
      this.setFailed(slot, (e as Error).message);
    }
    if (slot.signature !== before) this.generation++;
  }

  /** List a running server's tools into the slot, and keep the list in the cache. */
  private async listInto(slot: ServerSlot, conn: McpConnection): Promise<string[]> {
    const { tools, malformed } = await listAllTools(conn.client);
    if (this.cache) {
      const cachedAt = this.cache.write(slot.server.name, serverIdentity(slot.server, this.baseDir), {
        tools,
        malformed,
        description: conn.description,
      });
      this.setStatus(slot, { cached_at: cachedAt });
    }
    return this.adopt(slot, tools, malformed);
  }

  /** Check and wrap a server's tools into the slot; returns the warnings for what was dropped, secrets masked. */
  private async adopt(slot: ServerSlot, tools: Tool[], malformed: string[]): Promise<string[]> {
    const wrapped = await wrapServerTools(slot.server, tools, malformed, (checked) => this.proxyClient(slot, checked));
    slot.entries = wrapped.entries;
    slot.signature = wrapped.signature;
    const secrets = this.secrets();
    const warnings = wrapped.warnings.map((w) => redact(w, secrets));
    for (const w of warnings) log("warn", "mcp.tool_dropped", { server: slot.server.name, message: w });
    return warnings;
  }

  /** A running lazy server is stopped once it has been unused for its idle timeout. */
  private scheduleIdle(slot: ServerSlot): void {
    scheduleIdle(slot, () => this.stop(slot, "idle"));
  }

  /** Stop a lazy server; its tools stay known (cached), so the catalog does not change. */
  private stop(slot: ServerSlot, why: string): void {
    const conn = slot.conn;
    this.toSleep(slot);
    log("info", "mcp.server_sleeping", { server: slot.server.name, why });
    void conn?.close();
  }

  private toSleep(slot: ServerSlot): void {
    clearIdle(slot);
    slot.conn = null;
    this.setStatus(slot, { status: "sleeping", error: null, tools: slot.entries.length });
  }

  /**
   * What loadMcpTools talks to: it always reaches the slot's current connection, starting the server
   * if it sleeps or died, so tools built before a crash or a sleep keep working.
   */
  private proxyClient(slot: ServerSlot, tools: Tool[]): Client {
    return slotClient(tools, {
      live: async () => {
        if (!slot.conn || slot.conn.closed) {
          if (isLazy(slot)) log("info", "mcp.server_wake", { server: slot.server.name, why: "called" });
          await this.connect(slot);
        }
        if (!slot.conn)
          throw new Error(`MCP server "${slot.server.name}" is not connected: ${slot.status.error ?? "unknown error"}`);
        return slot.conn.client;
      },
      begin: () => {
        slot.inflight++;
        clearIdle(slot);
      },
      end: () => {
        slot.inflight--;
        if (slot.inflight === 0) this.scheduleIdle(slot);
      },
      redact: (result) => this.redactResult(result),
    });
  }
}
