/** What the server's shutdown step asks of the API (issue 9, finding 6): close() stops runs and takes nothing new. */
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { callApi, startTestApi, waitFor } from "@/test/support/api";

test("close() cancels a running run, waits until it has released its thread, then refuses requests with 503", async () => {
  const h = startTestApi();
  const thread = (await callApi(h.api, "POST", "/threads", {})).json as { thread_id: string };
  const run = await callApi(h.api, "POST", `/threads/${thread.thread_id}/runs`, {
    assistant_id: "lead_agent",
    input: { messages: [{ type: "human", content: "slow please" }] },
  });
  expect(run.status).toBe(200);
  await h.model.slowStarted();
  const db = new Database(h.runtime.dbPath, { readonly: true });
  const locked = () =>
    (
      db.prepare("SELECT count(*) AS n FROM fawn_thread_locks WHERE thread_id = ?").get(thread.thread_id) as {
        n: number;
      }
    ).n;
  await waitFor(() => locked() === 1, 5000, "the run's lock row");

  await h.api.close();
  expect(locked()).toBe(0);
  db.close();
  const after = await callApi(h.api, "POST", "/threads", {});
  expect(after.status).toBe(503);
  expect(JSON.stringify(after.json)).toMatch(/shutting down/);
});
