/**
 * Thread records (lib/server/thread-records.ts) in PostgreSQL, shared by every instance: a thread created
 * on one instance is found, listed and searched on all. Metadata is jsonb, so metadata filters (exact,
 * nested values included) run in SQL and updates merge atomically; values are kept as JSON text, as in
 * SQLite (jsonb cannot hold U+0000, which a message may), and `values` filters are applied after the query.
 */
import { ApiError } from "@/lib/server/http";
import type { ThreadSearchInput } from "@/lib/server/schemas";
import {
  matchesFilter,
  searchPage,
  threadFromRow,
  type ThreadColumns,
  type ThreadRecords,
  type ThreadUpdate,
} from "@/lib/server/thread-records";
import type { Thread } from "@/lib/server/types";
import type { Database } from "./database";
import type { SchemaSql } from "./sql";

interface Row extends ThreadColumns {
  metadata: Record<string, unknown>;
}

const toThread = (row: Row): Thread => threadFromRow(row, row.metadata ?? {});

/** jsonb refuses U+0000 (SQLSTATE 22P05): say which field, as a 400, instead of failing as a 500. */
async function storingMetadata<T>(threadId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: unknown }).code === "22P05")
      throw new ApiError(400, "invalid_body", `metadata of thread ${threadId}: PostgreSQL cannot store U+0000 in JSON`);
    throw err;
  }
}

export class PgThreadStore implements ThreadRecords {
  constructor(
    private readonly db: Database,
    private readonly sql: SchemaSql,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(threadId: string): Promise<Thread | undefined> {
    const rows = await this.db.query<Row>(`SELECT * FROM ${this.sql.threads} WHERE thread_id = $1`, [threadId]);
    return rows[0] ? toThread(rows[0]) : undefined;
  }

  async create(threadId: string, metadata: Record<string, unknown>): Promise<Thread> {
    const ts = this.now().toISOString();
    const rows = await storingMetadata(threadId, () =>
      this.db.query<Row>(
        `INSERT INTO ${this.sql.threads} (thread_id, created_at, updated_at, state_updated_at, metadata)
         VALUES ($1, $2, $2, $2, $3::jsonb) RETURNING *`,
        [threadId, ts, JSON.stringify(metadata)],
      ),
    );
    return toThread(rows[0]);
  }

  async update(threadId: string, change: ThreadUpdate): Promise<Thread | undefined> {
    const ts = this.now().toISOString();
    const rows = await storingMetadata(threadId, () =>
      this.db.query<Row>(
        `UPDATE ${this.sql.threads} SET
           updated_at = $2,
           state_updated_at = CASE WHEN $3::boolean THEN $2 ELSE state_updated_at END,
           metadata = metadata || $4::jsonb,
           status = COALESCE($5, status),
           vals = COALESCE($6, vals),
           interrupts = COALESCE($7, interrupts)
         WHERE thread_id = $1 RETURNING *`,
        [
          threadId,
          ts,
          change.stateChanged === true,
          JSON.stringify(change.metadata ?? {}),
          change.status ?? null,
          change.values === undefined ? null : JSON.stringify(change.values),
          change.interrupts === undefined ? null : JSON.stringify(change.interrupts),
        ],
      ),
    );
    return rows[0] ? toThread(rows[0]) : undefined;
  }

  async delete(threadId: string): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM ${this.sql.threads} WHERE thread_id = $1 RETURNING thread_id`, [
      threadId,
    ]);
    return rows.length > 0;
  }

  async search(query: ThreadSearchInput): Promise<Thread[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (query.ids && query.ids.length > 0) where.push(`thread_id = ANY(${param(query.ids)}::text[])`);
    if (query.status) where.push(`status = ${param(query.status)}`);
    const metadata = Object.entries(query.metadata ?? {});
    if (metadata.length > 0) {
      // Containment finds candidates through the GIN index; per-key equality makes the match exact.
      where.push(`metadata @> ${param(JSON.stringify(query.metadata))}::jsonb`);
      for (const [key, value] of metadata)
        where.push(`metadata -> ${param(key)} = ${param(JSON.stringify(value))}::jsonb`);
    }
    const valuesFilter = Object.entries(query.values ?? {});
    const { sortBy, order, limit, offset } = searchPage(query);
    let text = `SELECT * FROM ${this.sql.threads} ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY ${sortBy} ${order}, thread_id ${order}`;
    if (valuesFilter.length === 0) text += ` LIMIT ${param(limit)} OFFSET ${param(offset)}`;
    let threads = (await this.db.query<Row>(text, params)).map(toThread);
    if (valuesFilter.length > 0) {
      threads = threads.filter((t) => matchesFilter(t.values, query.values)).slice(offset, offset + limit);
    }
    return threads;
  }
}
