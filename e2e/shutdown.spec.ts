import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "@langchain/langgraph-sdk";
import { expect, test } from "@playwright/test";
import { startServer } from "../test/support/next-server";
import { REPO_ROOT } from "../test/support/repo";
import { eventually, processesWith, uniqueSleep } from "../test/support/sandbox-procs";

const ENV = {
  FAWN_CONFIG: "e2e/fixtures/shutdown/config.yaml",
  FAWN_EXTENSIONS_CONFIG: "e2e/fixtures/shutdown/extensions_config.json",
  FAWN_LOG_LEVEL: "info",
};
const DATA = "e2e-sigterm-data";

function lockRows(threadId: string): number {
  const db = new Database(path.join(REPO_ROOT, "test-results", DATA, "threads.sqlite"), { readonly: true });
  try {
    return (
      db.prepare("SELECT count(*) AS n FROM fawn_thread_locks WHERE thread_id = ?").get(threadId) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

test("SIGTERM while a tool command runs: the run is cancelled, the command killed, the lock released, MCP closed; a restarted server runs the thread at once", async () => {
  test.setTimeout(240_000);
  const first = await startServer(DATA, ENV, { captureLogs: true });
  const marker = uniqueSleep();
  let threadId = "";
  try {
    const client = new Client({ apiUrl: `${first.url}/api/langgraph` });
    threadId = (await client.threads.create()).thread_id;
    // The browser's way: the run streams to a client that stays connected.
    const streaming = (async () => {
      for await (const _ of client.runs.stream(threadId, "lead_agent", {
        input: { messages: [{ type: "human", content: `bash {"command":"sleep ${marker}"}` }] },
        streamMode: ["values"],
      })) {
        /* until the server goes */
      }
    })().catch(() => undefined);
    expect(await eventually(() => processesWith(marker).length > 0, 90_000)).toBe(true);
    expect(lockRows(threadId)).toBe(1);
    expect(processesWith("fawn-shutdown-check").length).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => first.child.once("exit", (code) => resolve(code)));
    const sent = Date.now();
    process.kill(-(first.child.pid as number), "SIGTERM");
    const code = await exited;
    const tookMs = Date.now() - sent;
    await streaming;
    console.log(`server exited ${tookMs} ms after SIGTERM (code ${code})`);
    // Far below the command's 100 s, and below the 300 s bash timeout the server would otherwise wait for.
    expect(tookMs).toBeLessThan(20_000);
    expect(code).toBe(143);
    expect(processesWith(marker)).toEqual([]);
    expect(lockRows(threadId)).toBe(0);
    expect(await eventually(() => processesWith("fawn-shutdown-check").length === 0, 3000)).toBe(true);
    const logs = first.logs();
    expect(logs).toContain('"event":"server.shutdown"');
    expect(logs).toContain('"event":"server.shutdown_done"');
  } finally {
    first.kill();
  }

  const second = await startServer(DATA, { ...ENV, FAWN_LOG_LEVEL: "error" }, { keep: true });
  try {
    const client = new Client({ apiUrl: `${second.url}/api/langgraph` });
    expect((await client.threads.get(threadId)).status).not.toBe("busy");
    let text = "";
    let errors = 0;
    for await (const chunk of client.runs.stream(threadId, "lead_agent", {
      input: { messages: [{ type: "human", content: 'bash {"command":"echo after the restart"}' }] },
      streamMode: ["values"],
    })) {
      if (chunk.event === "error") errors++;
      if (chunk.event === "values") text = JSON.stringify(chunk.data);
    }
    expect(errors).toBe(0);
    expect(text).toContain("after the restart");
  } finally {
    await second.stop();
  }
});
