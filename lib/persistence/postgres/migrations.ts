/**
 * Fawn's tables, created once per database however many instances start at the same moment: every
 * instance takes one advisory lock (per schema) for the checkpointer's own setup() and these migrations,
 * so the second waits for the first and then finds nothing to do. Running setup() from several processes
 * at once fails with duplicate keys (STACK.md); under the lock it cannot.
 */
import type pg from "pg";
import type { SchemaSql } from "./sql";

/** Each entry runs once, in its own transaction, in order; never edit one that has shipped, append. */
const MIGRATIONS: Array<(s: SchemaSql) => string> = [
  (s) => `
    CREATE TABLE ${s.threads} (
      thread_id text PRIMARY KEY,
      created_at text NOT NULL,
      updated_at text NOT NULL,
      state_updated_at text NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'idle',
      vals text NOT NULL DEFAULT '{}',
      interrupts text NOT NULL DEFAULT '{}'
    );
    CREATE INDEX fawn_threads_created ON ${s.threads} (created_at);
    CREATE INDEX fawn_threads_updated ON ${s.threads} (updated_at);
    CREATE INDEX fawn_threads_metadata ON ${s.threads} USING gin (metadata jsonb_path_ops);
    CREATE TABLE ${s.runs} (
      run_id text PRIMARY KEY,
      thread_id text NOT NULL,
      assistant_id text NOT NULL,
      status text NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      multitask_strategy text NOT NULL,
      created_at text NOT NULL,
      updated_at text NOT NULL,
      instance_id text NOT NULL,
      finished_at timestamptz,
      expires_at timestamptz
    );
    CREATE INDEX fawn_runs_thread ON ${s.runs} (thread_id, created_at DESC);
    CREATE INDEX fawn_runs_open ON ${s.runs} (instance_id) WHERE finished_at IS NULL;
    CREATE INDEX fawn_runs_expires ON ${s.runs} (expires_at) WHERE expires_at IS NOT NULL;
    CREATE TABLE ${s.events} (
      run_id text NOT NULL REFERENCES ${s.runs} (run_id) ON DELETE CASCADE,
      seq integer NOT NULL,
      event text NOT NULL,
      data text,
      PRIMARY KEY (run_id, seq)
    );`,
];

export interface Migratable {
  /** The checkpointer's own tables (PostgresSaver.setup). */
  setup(): Promise<void>;
}

/** Bring the schema up to date; returns how many of Fawn's migrations this call applied. */
export async function migrate(pool: pg.Pool, s: SchemaSql, saver: Migratable): Promise<number> {
  const client = await pool.connect();
  let applied = 0;
  let broken: Error | undefined;
  try {
    await client.query(`SELECT pg_advisory_lock(${s.key("migrations", "$1")})`, [""]);
    try {
      await saver.setup();
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${s.schema}"`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${s.migrations} (v integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const done = new Set((await client.query<{ v: number }>(`SELECT v FROM ${s.migrations}`)).rows.map((r) => r.v));
      for (let v = 0; v < MIGRATIONS.length; v++) {
        if (done.has(v)) continue;
        await client.query("BEGIN");
        try {
          await client.query(MIGRATIONS[v](s));
          await client.query(`INSERT INTO ${s.migrations} (v) VALUES ($1)`, [v]);
          await client.query("COMMIT");
          applied++;
        } catch (err) {
          await client.query("ROLLBACK");
          throw err;
        }
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${s.key("migrations", "$1")})`, [""]);
    }
  } catch (err) {
    // A connection that failed mid-way is not given back to the pool.
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
  return applied;
}
