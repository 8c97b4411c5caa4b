/**
 * The instance's own PostgreSQL connection, outside the pool. It holds
 * - the instance's liveness lock (an advisory lock on its id: other instances see a run whose instance no
 *   longer holds it as orphaned),
 * - the per-thread run locks (session-level advisory locks: whoever's connection ends, by a clean exit,
 *   a crash or SIGKILL, loses its locks at once, so no thread stays blocked),
 * and it LISTENs for cancel requests and new-event notices. If it drops, every lock it held is gone:
 * `onLost` is told (the runs relying on them must stop) and the next use reconnects.
 */
import type pg from "pg";
import type { SchemaSql } from "./sql";

export type SessionChannel = "cancel" | "events";

export interface SessionOptions {
  /** A new, unconnected client (same settings as the pool). */
  client: () => pg.Client;
  sql: SchemaSql;
  instanceId: string;
  /** The connection dropped; the locks it held are gone. */
  onLost: (reason: string) => void;
  /** The connection is up (again). */
  onUp?: () => void;
}

export class InstanceSession {
  private client: pg.Client | null = null;
  private opening: Promise<pg.Client> | null = null;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped on every (re)connection: a lock taken under an older generation went with that connection. */
  private gen = 0;
  private readonly handlers = new Map<SessionChannel, Set<(payload: string) => void>>([
    ["cancel", new Set()],
    ["events", new Set()],
  ]);

  constructor(private readonly opts: SessionOptions) {}

  get generation(): number {
    return this.gen;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  async open(): Promise<void> {
    await this.ensure();
  }

  /** Take the thread's run lock without waiting; false when another session holds it. */
  tryLockThread(threadId: string): Promise<{ ok: boolean; generation: number }> {
    return this.serial(async () => {
      const client = await this.ensure();
      const generation = this.gen;
      const r = await client.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_lock(${this.opts.sql.key("thread", "$1")}) AS ok`,
        [threadId],
      );
      return { ok: r.rows[0]?.ok === true, generation };
    });
  }

  /** Release a lock taken under `generation`; one taken by an earlier connection is already gone. */
  unlockThread(threadId: string, generation: number): Promise<void> {
    return this.serial(async () => {
      const client = this.client;
      if (!client || generation !== this.gen) return;
      await client.query(`SELECT pg_advisory_unlock(${this.opts.sql.key("thread", "$1")})`, [threadId]);
    });
  }

  /** One statement at a time on the connection, in call order (the driver no longer queues them for us). */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => {});
    return result;
  }

  /** Receive the payloads sent on a channel; returns the unsubscribe function. */
  on(channel: SessionChannel, handler: (payload: string) => void): () => void {
    const set = this.handlers.get(channel) as Set<(payload: string) => void>;
    set.add(handler);
    return () => set.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private ensure(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error("the PostgreSQL session is closed"));
    if (this.client) return Promise.resolve(this.client);
    this.opening ??= this.connect().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async connect(): Promise<pg.Client> {
    const { sql } = this.opts;
    const client = this.opts.client();
    client.on("error", (err) => this.drop(client, err.message));
    client.on("end", () => this.drop(client, "the connection ended"));
    client.on("notification", (n) => {
      const channel: SessionChannel | null =
        n.channel === sql.cancelChannel ? "cancel" : n.channel === sql.eventsChannel ? "events" : null;
      if (!channel || n.payload === undefined) return;
      for (const h of [...(this.handlers.get(channel) ?? [])]) h(n.payload);
    });
    try {
      await client.connect();
      await client.query(`SELECT pg_advisory_lock(${sql.key("instance", "$1")})`, [this.opts.instanceId]);
      await client.query(`LISTEN "${sql.cancelChannel}"`);
      await client.query(`LISTEN "${sql.eventsChannel}"`);
    } catch (err) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw err;
    }
    this.gen++;
    this.client = client;
    this.opts.onUp?.();
    return client;
  }

  private drop(client: pg.Client, reason: string): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => {});
    if (!this.closed) this.opts.onLost(reason);
  }
}
