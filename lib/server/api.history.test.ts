/** History responses are capped in bytes and page with `before` (issue 9, finding 2: 234 MB in one answer). */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiRequest, callApi, startTestApi, type TestApi } from "@/test/support/api";
import { MAX_HISTORY_BYTES } from "./routes/state";

type Snapshot = { checkpoint: { checkpoint_id: string }; values: { messages?: Array<{ content: string }> } };

const BIG = 300 * 1024;

async function bigSnapshots(h: TestApi, count: number, size: number): Promise<string> {
  const thread = (await callApi(h.api, "POST", "/threads", {})).json as { thread_id: string };
  for (let i = 0; i < count; i++) {
    // One message under a fixed id: each checkpoint holds one large message (the reducer replaces it).
    const r = await callApi(h.api, "POST", `/threads/${thread.thread_id}/state`, {
      values: { messages: [{ type: "human", id: "big", content: `${i}:${"x".repeat(size)}` }] },
      as_node: "model_request",
    });
    expect(r.status).toBe(200);
  }
  return thread.thread_id;
}

async function historyPage(h: TestApi, threadId: string, body: Record<string, unknown>) {
  const res = await h.api.handle(apiRequest("POST", `/threads/${threadId}/history`, body));
  const text = await res.text();
  expect(res.status).toBe(200);
  return { bytes: Buffer.byteLength(text), page: JSON.parse(text) as Snapshot[], res };
}

/** Every checkpoint id of the thread, newest first, straight from the checkpointer. */
async function allCheckpointIds(h: TestApi, threadId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const s of h.runtime.graph.getStateHistory({ configurable: { thread_id: threadId } }))
    ids.push(String((s.config.configurable as { checkpoint_id: string }).checkpoint_id));
  return ids;
}

describe(`with the default budget (${MAX_HISTORY_BYTES / 1024 / 1024} MB)`, () => {
  let h: TestApi;
  let threadId: string;
  beforeAll(async () => {
    h = startTestApi();
    threadId = await bigSnapshots(h, 40, BIG);
  });
  afterAll(() => h.stop());

  test("limit 1000 over 40 snapshots of 300 KB answers under the cap, newest first, and `before` pages to the end", async () => {
    const expected = await allCheckpointIds(h, threadId);
    expect(expected.length).toBeGreaterThanOrEqual(40);

    const first = await historyPage(h, threadId, { limit: 1000 });
    expect(first.bytes).toBeLessThanOrEqual(MAX_HISTORY_BYTES);
    expect(first.page.length).toBeGreaterThan(1);
    expect(first.page.length).toBeLessThan(expected.length);
    expect(first.page[0].values.messages?.[0].content.startsWith("39:")).toBe(true);
    expect(first.res.headers.get("x-fawn-history-truncated")).toBe("bytes");

    const seen = first.page.map((s) => s.checkpoint.checkpoint_id);
    let last = first.page[first.page.length - 1];
    // The next page starts below the last checkpoint returned, as LangGraph's `before` does.
    for (let pages = 0; pages < 20; pages++) {
      const next = await historyPage(h, threadId, { limit: 1000, before: { configurable: last.checkpoint } });
      expect(next.bytes).toBeLessThanOrEqual(MAX_HISTORY_BYTES);
      if (next.page.length === 0) {
        expect(next.res.headers.get("x-fawn-history-truncated")).toBeNull();
        break;
      }
      seen.push(...next.page.map((s) => s.checkpoint.checkpoint_id));
      last = next.page[next.page.length - 1];
    }
    expect(seen).toEqual(expected);
  });

  test("the official SDK pages the same way", async () => {
    const page = await h.client.threads.getHistory(threadId, { limit: 1000 });
    expect(page.length).toBeLessThan(40);
    const lastId = String(page[page.length - 1].checkpoint?.checkpoint_id);
    const older = await h.client.threads.getHistory(threadId, {
      limit: 1000,
      before: { configurable: { checkpoint_id: lastId } },
    });
    expect(older.length).toBeGreaterThan(0);
    expect(String(older[0].checkpoint?.checkpoint_id) < lastId).toBe(true);
  });
});

describe("a snapshot larger than the whole budget", () => {
  let h: TestApi;
  beforeAll(() => {
    h = startTestApi({ maxHistoryBytes: 256 * 1024 });
  });
  afterAll(() => h.stop());

  test("comes alone and complete, and the next page goes on below it", async () => {
    const threadId = await bigSnapshots(h, 3, BIG);
    const first = await historyPage(h, threadId, { limit: 10 });
    expect(first.page).toHaveLength(1);
    expect(first.page[0].values.messages?.[0].content).toBe(`2:${"x".repeat(BIG)}`);
    const second = await historyPage(h, threadId, { limit: 10, before: first.page[0].checkpoint.checkpoint_id });
    expect(second.page).toHaveLength(1);
    expect(second.page[0].values.messages?.[0].content.startsWith("1:")).toBe(true);
  });

  test("small snapshots are all returned up to `limit` as before", async () => {
    const threadId = await bigSnapshots(h, 5, 10);
    const { page } = await historyPage(h, threadId, { limit: 3 });
    expect(page).toHaveLength(3);
  });
});
