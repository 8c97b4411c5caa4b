/**
 * PostgreSQL unreachable at start, or gone mid-run: every API call is refused with a 503 that names the
 * database and why (never its password), the status says the same, nothing crashes; once the database is
 * back, the same instance recovers without a restart.
 */
import { afterAll, describe, expect, test } from "vitest";
import { callApi, collect, messagesOf } from "@/test/support/api";
import { type PgInstance, pgInstance, postgresConfig } from "@/test/support/pg-instances";
import { freePostgresPort, postgresSkipReason, startPostgres, type TestPostgres } from "@/test/support/postgres";

const skip = postgresSkipReason();
const human = (content: string) => ({ messages: [{ type: "human", content }] });

describe.skipIf(skip)("PostgreSQL unreachable", () => {
  let cluster: TestPostgres | undefined;
  let inst: PgInstance | undefined;
  afterAll(async () => {
    await inst?.close();
    await cluster?.stop();
  });

  test("503 storage_unavailable and an unavailable status naming the database; recovers when it comes up", async () => {
    const port = await freePostgresPort();
    inst = pgInstance(postgresConfig(`postgres://postgres:s3cret-pw@127.0.0.1:${port}/postgres`));
    const target = `postgres://postgres@127.0.0.1:${port}/postgres`;

    const created = await callApi(inst.api, "POST", "/threads", {});
    expect(created.status).toBe(503);
    expect(created.json).toEqual({
      error: { code: "storage_unavailable", message: expect.stringContaining(`PostgreSQL at ${target} refused`) },
    });
    const run = await callApi(inst.api, "POST", "/threads/t1/runs/stream", {
      assistant_id: "lead_agent",
      input: { messages: [{ type: "human", content: "hi" }] },
      if_not_exists: "create",
    });
    expect(run.status).toBe(503);
    await expect(inst.persistence.checkpointer.getTuple({ configurable: { thread_id: "t1" } })).rejects.toMatchObject({
      name: "StorageUnavailableError",
    });
    const status = await inst.persistence.status(true);
    expect(status).toMatchObject({ type: "postgres", target, state: "unavailable", schema: "public" });
    expect(status.error).toMatch(/refused the connection/);
    expect(JSON.stringify([created.json, run.json, status])).not.toContain("s3cret-pw");

    cluster = await startPostgres({ port });
    // Failures are retried at most every 2 s.
    await new Promise((r) => setTimeout(r, 2100));
    const again = await callApi(inst.api, "POST", "/threads", {});
    expect(again.status).toBe(200);
    expect((await inst.persistence.status(true)).state).toBe("ready");
  });

  test("the database dies mid-run: the run ends, the instance lives on with 503s, then serves the thread again", async () => {
    if (!cluster || !inst) throw new Error("runs after the first test");
    const { thread_id } = await inst.client.threads.create();
    const parts = collect(
      inst.client.runs.stream(thread_id, "lead_agent", { input: human("slow please"), onDisconnect: "continue" }),
    );
    await inst.model.slowStarted();
    await cluster.halt();
    inst.model.releaseSlow();
    expect((await parts).at(-1)?.event).toBe("end");
    expect((await callApi(inst.api, "POST", "/threads", {})).status).toBe(503);
    expect(await inst.persistence.status(true)).toMatchObject({ state: "unavailable" });

    await cluster.resume();
    await new Promise((r) => setTimeout(r, 2100));
    expect((await inst.client.threads.get(thread_id)).status).not.toBe("busy");
    const next = await collect(inst.client.runs.stream(thread_id, "lead_agent", { input: human("hello") }));
    expect(next.at(-1)?.event).toBe("end");
    const msgs = messagesOf((await inst.client.threads.getState(thread_id)).values);
    expect(msgs.at(-1)?.content).toBe("Hello there, friend.");
    expect((await inst.persistence.status(true)).state).toBe("ready");
  });
});
