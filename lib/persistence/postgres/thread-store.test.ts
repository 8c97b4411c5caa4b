/** PgThreadStore answers as the SQLite ThreadStore does (lib/server/thread-store.test.ts), on a real cluster. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiError } from "@/lib/server/http";
import { postgresSkipReason, startPostgres, type TestPostgres } from "@/test/support/postgres";
import { Database } from "./database";
import { migrate } from "./migrations";
import { schemaSql } from "./sql";
import { PgThreadStore } from "./thread-store";

const skip = postgresSkipReason();

describe.skipIf(skip)("PgThreadStore", () => {
  let cluster: TestPostgres;
  let pool: pg.Pool;
  let n = 0;
  /** A fresh schema per test, with a clock that ticks a second per call. */
  async function open(): Promise<PgThreadStore> {
    const sql = schemaSql(`threads_${++n}`);
    await migrate(pool, sql, { setup: async () => {} });
    let t = Date.parse("2026-01-01T00:00:00Z");
    return new PgThreadStore(new Database(pool, "test"), sql, () => {
      t += 1000;
      return new Date(t);
    });
  }
  beforeAll(async () => {
    cluster = await startPostgres();
    pool = new pg.Pool({ connectionString: await cluster.createDatabase("threads"), max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await cluster?.stop();
  });

  test("create, get, merge metadata, update state fields, delete", async () => {
    const s = await open();
    const t = await s.create("t1", { a: 1 });
    expect(t).toMatchObject({ thread_id: "t1", status: "idle", metadata: { a: 1 }, values: {}, interrupts: {} });
    const u = (await s.update("t1", {
      metadata: { b: 2 },
      status: "interrupted",
      values: { messages: [] },
      interrupts: { x: [{ id: "i", value: 1 }] },
      stateChanged: true,
    }))!;
    expect(u.metadata).toEqual({ a: 1, b: 2 });
    expect(u.status).toBe("interrupted");
    expect(u.values).toEqual({ messages: [] });
    expect(u.interrupts).toEqual({ x: [{ id: "i", value: 1 }] });
    expect(u.updated_at > t.updated_at).toBe(true);
    expect(u.state_updated_at).toBe(u.updated_at);
    const v = (await s.update("t1", { metadata: { c: 3 } }))!;
    expect(v.state_updated_at).toBe(u.state_updated_at);
    expect(v.values).toEqual({ messages: [] });
    expect(await s.update("missing", { status: "idle" })).toBeUndefined();
    await expect(s.create("t1", {})).rejects.toThrow(/duplicate key/);
    expect(await s.delete("t1")).toBe(true);
    expect(await s.get("t1")).toBeUndefined();
    expect(await s.delete("t1")).toBe(false);
  });

  test("search: scalar and nested metadata, values, ids, status, sort, paging", async () => {
    const s = await open();
    await s.create("a", { graph_id: "g", n: 1, flag: true, nested: { k: [1] } });
    await s.create("b", { graph_id: "g", n: 2, flag: false });
    await s.create("c", { graph_id: "h", n: 3, nothing: null, nested: { k: [1, 2] } });
    await s.update("b", { status: "busy", values: { title: "B" } });
    const ids = async (q: Parameters<PgThreadStore["search"]>[0]) => (await s.search(q)).map((t) => t.thread_id);
    expect(await ids({ metadata: { graph_id: "g" } })).toEqual(["b", "a"]);
    expect(await ids({ metadata: { graph_id: "g" }, sort_order: "asc" })).toEqual(["a", "b"]);
    expect(await ids({ metadata: { flag: true } })).toEqual(["a"]);
    expect(await ids({ metadata: { n: 3 } })).toEqual(["c"]);
    expect(await ids({ metadata: { nothing: null } })).toEqual(["c"]);
    // Exact, not containment: [1] does not match [1, 2].
    expect(await ids({ metadata: { nested: { k: [1] } } })).toEqual(["a"]);
    expect(await ids({ values: { title: "B" } })).toEqual(["b"]);
    expect(await ids({ ids: ["a", "c"] })).toEqual(["c", "a"]);
    expect(await ids({ status: "busy" })).toEqual(["b"]);
    expect(await ids({ limit: 1, offset: 1 })).toEqual(["b"]);
    expect((await ids({ sort_by: "updated_at" }))[0]).toBe("b");
    expect(await ids({ metadata: { 'we"ird': 1 } })).toEqual([]);
  });

  test("values with U+0000 are kept; metadata with it is a 400 naming the thread", async () => {
    const s = await open();
    await s.create("t", {});
    const u = await s.update("t", { values: { text: "a\u0000b" } });
    expect(u?.values).toEqual({ text: "a\u0000b" });
    const err = await s.update("t", { metadata: { bad: "a\u0000b" } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: expect.stringMatching(/metadata of thread t/) });
  });
});
