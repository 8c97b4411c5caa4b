import type { ResolvedServer } from "@/lib/config";
import type { McpConnection } from "./connect";
import type { ServerLifecycle } from "./lifecycle";
import type { McpServerStatus, McpToolEntry } from "./types";

/** One configured MCP server as the manager keeps it: its connection, tools, status and lifecycle. */
export interface ServerSlot {
  server: ResolvedServer;
  /** The server's config (and config error) as JSON: a different key means a different server. */
  key: string;
  conn: McpConnection | null;
  status: McpServerStatus;
  entries: McpToolEntry[];
  failedAt: number;
  /** Names, descriptions and schemas as last listed: a change bumps the manager's generation. */
  signature: string;
  /** Reconnect in flight, shared by concurrent callers. */
  connecting: Promise<void> | null;
  life: ServerLifecycle;
  /** Tool calls running now: a lazy server is never stopped under one. */
  inflight: number;
  idleTimer: NodeJS.Timeout | null;
}

export const slotKey = (server: ResolvedServer): string => JSON.stringify([server.config, server.error ?? null]);

export const isRunning = (slot: ServerSlot): boolean =>
  slot.status.status === "connected" && !!slot.conn && !slot.conn.closed;

export const isLazy = (slot: ServerSlot): boolean => slot.life.lifecycle === "lazy";

/** A slot for a server not connected yet: "failed" with "not connected yet" until its first start or cache read. */
export function newSlot(server: ResolvedServer, life: ServerLifecycle): ServerSlot {
  return {
    server,
    key: slotKey(server),
    conn: null,
    entries: [],
    failedAt: 0,
    signature: "",
    connecting: null,
    life,
    inflight: 0,
    idleTimer: null,
    status: {
      name: server.name,
      status: "failed",
      transport: server.transport,
      description: server.config.description ?? null,
      tools: 0,
      error: "not connected yet",
      warnings: [],
      connect_ms: null,
      lifecycle: life.lifecycle,
      lifecycle_reason: life.reason,
      idle_timeout_s: null,
      cached_at: null,
      auth_required: false,
    },
  };
}

/**
 * What a server's status says it is for: the description its config gives (the user's words), else the one the
 * server gave of itself (`own`: its serverInfo description, as connected or as cached), else null.
 */
export function describedAs(slot: ServerSlot, own: string | null): string | null {
  const configured = slot.server.config.description?.trim();
  return configured ? configured : own;
}

export function clearIdle(slot: ServerSlot): void {
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.idleTimer = null;
}

/**
 * A running lazy server gets `onIdle` once it has been unused for its idle timeout; a call or a reconnect in
 * flight at that moment puts the timer back instead.
 */
export function scheduleIdle(slot: ServerSlot, onIdle: () => void): void {
  clearIdle(slot);
  if (!isLazy(slot) || !isRunning(slot)) return;
  slot.idleTimer = setTimeout(() => {
    slot.idleTimer = null;
    if (slot.inflight > 0 || slot.connecting) return scheduleIdle(slot, onIdle);
    onIdle();
  }, slot.life.idleMs);
  // An idle timer must not keep a CLI process alive.
  slot.idleTimer.unref();
}
