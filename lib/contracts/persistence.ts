import { z } from "zod";

/** Where threads, checkpoints and runs are kept: one SQLite file, or a PostgreSQL database several instances share. */
export const PersistenceTypeSchema = z.enum(["sqlite", "postgres"]);
export type PersistenceType = z.infer<typeof PersistenceTypeSchema>;

/** `connecting` until the first connection and migrations succeed; `unavailable` says why in `error`. */
export const PersistenceStateSchema = z.enum(["connecting", "ready", "unavailable"]);
export type PersistenceState = z.infer<typeof PersistenceStateSchema>;

/** GET /api/persistence: the store this instance uses and whether it can reach it (never a password). */
export const PersistenceStatusSchema = z.object({
  type: PersistenceTypeSchema,
  /** The SQLite file, or `postgres://user@host:port/database`. */
  target: z.string(),
  /** The PostgreSQL schema of Fawn's tables; null for SQLite. */
  schema: z.string().nullable().default(null),
  state: PersistenceStateSchema,
  error: z.string().nullable().default(null),
  /** This instance's id in the shared database (PostgreSQL); null for SQLite. */
  instance_id: z.string().nullable().default(null),
  /** When `state` was last established (ISO time). */
  since: z.string().nullable().default(null),
});
export type PersistenceStatus = z.infer<typeof PersistenceStatusSchema>;
