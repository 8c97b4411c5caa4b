/** Several instances starting at once on an empty database: the schema is created once, none fails. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { postgresConfig } from "@/test/support/pg-instances";
import { postgresSkipReason, startPostgres, type TestPostgres } from "@/test/support/postgres";
import { PostgresPersistence } from "./persistence";

const skip = postgresSkipReason();

describe.skipIf(skip)("migrations", () => {
  let cluster: TestPostgres;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  test("eight instances opening one fresh database at the same moment all succeed; each migration ran once", async () => {
    for (const round of [1, 2, 3]) {
      const url = await cluster.createDatabase(`migrate_${round}`);
      const instances = Array.from(
        { length: 8 },
        () => new PostgresPersistence(postgresConfig(url, { schema: "fawn", pool_size: 2 })),
      );
      try {
        const results = await Promise.allSettled(instances.map((p) => p.open()));
        expect(results.filter((r) => r.status === "rejected")).toEqual([]);
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        const ours = await db.query("SELECT v FROM fawn.fawn_migrations ORDER BY v");
        const saver = await db.query("SELECT v, count(*)::int AS n FROM fawn.checkpoint_migrations GROUP BY v");
        await db.end();
        expect(ours.rows).toEqual([{ v: 0 }]);
        expect(saver.rows.length).toBeGreaterThan(0);
        expect(saver.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
        const statuses = await Promise.all(instances.map((p) => p.status()));
        expect(new Set(statuses.map((s) => s.state))).toEqual(new Set(["ready"]));
        expect(new Set(statuses.map((s) => s.instance_id)).size).toBe(8);
      } finally {
        await Promise.all(instances.map((p) => p.close()));
      }
    }
  });
});
