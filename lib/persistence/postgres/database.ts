import type pg from "pg";
import { isUnavailable, toUnavailable } from "./errors";

/**
 * Queries on the instance's pool. A failure that means the database is unusable (down, unreachable,
 * refusing us) is reported to `onUnavailable` and thrown as a StorageUnavailableError (503); any other
 * error is the statement's own and is thrown as it is.
 */
export class Database {
  constructor(
    readonly pool: pg.Pool,
    readonly target: string,
    private readonly onUnavailable: (err: unknown) => void = () => {},
  ) {}

  async query<R extends object>(text: string, values?: unknown[]): Promise<R[]> {
    try {
      return (await this.pool.query<R>(text, values)).rows;
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      this.onUnavailable(err);
      throw toUnavailable(err, this.target);
    }
  }
}
