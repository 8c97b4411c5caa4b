/**
 * SQL names and advisory-lock keys of Fawn's tables in one PostgreSQL schema. Keys are computed by the
 * server (`hashtextextended`), so every instance derives the same key for a thread, and queries can match
 * rows against the locks held right now (`pg_locks`): a lock vanishes with the session that held it, which
 * is how a crashed instance's runs and threads are recognised without heartbeats.
 */

import { PG_SCHEMA } from "@/lib/config/app-config";

export type LockKind = "thread" | "instance" | "migrations";

export interface SchemaSql {
  readonly schema: string;
  readonly threads: string;
  readonly runs: string;
  readonly events: string;
  readonly migrations: string;
  /** The advisory-lock key of `kind` for the SQL expression `param` (e.g. `$1`, `r.thread_id`). */
  key(kind: LockKind, param: string): string;
  /** NOTIFY channels: cancel requests for runs, and "new events" notices of runs. */
  readonly cancelChannel: string;
  readonly eventsChannel: string;
}

export function schemaSql(schema: string): SchemaSql {
  // Schema names come validated from config.yaml; checked again because they are spliced into SQL.
  if (PG_SCHEMA.exec(schema) === null) throw new Error(`checkpointer.schema: "${schema}" is not a valid schema name`);
  const q = (table: string) => `"${schema}".${table}`;
  return {
    schema,
    threads: q("fawn_threads"),
    runs: q("fawn_runs"),
    events: q("fawn_run_events"),
    migrations: q("fawn_migrations"),
    key: (kind, param) => `hashtextextended('fawn:${schema}:${kind}:' || ${param}, 0)`,
    cancelChannel: `fawn_${schema}_cancel`,
    eventsChannel: `fawn_${schema}_events`,
  };
}

/** The keys of every advisory lock granted in this database right now (any session). */
export const HELD_KEYS = `SELECT (l.classid::bigint << 32) | l.objid::bigint FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
