/**
 * Branching the way the chat UI does it (useStream's branch support): a run started from an earlier
 * checkpoint forks the thread, and history carries the parent links the SDK builds its branch tree from.
 * Regenerate = rerun from the checkpoint where the person's message was first seen; edit = send a new
 * message from that checkpoint's parent.
 */
import type { Checkpoint, Client, ThreadState } from "@langchain/langgraph-sdk";
import { getBranchContext } from "@langchain/langgraph-sdk/ui";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collect, messagesOf, startTestApi, type TestApi } from "@/test/support/api";

let client: Client;
let harness: TestApi;
beforeAll(() => {
  harness = startTestApi();
  ({ client } = harness);
});
afterAll(() => harness.stop());

type State = ThreadState<Record<string, unknown>>;

async function run(threadId: string, input: Record<string, unknown> | null, checkpoint?: Checkpoint | null) {
  const parts = await collect(
    client.runs.stream(threadId, "lead_agent", { input, ...(checkpoint ? { checkpoint } : {}) }),
  );
  expect(parts.filter((p) => p.event === "error")).toEqual([]);
}

/** The oldest state whose messages contain the id: where useStream says the message was first seen. */
function firstSeen(history: State[], messageId: string): State {
  const found = [...history].reverse().find((s) => messagesOf(s.values).some((m) => m.id === messageId));
  if (!found) throw new Error(`message ${messageId} is in no state of the history`);
  return found;
}

const texts = (values: unknown) => messagesOf(values).map((m) => `${m.type}:${String(m.content)}`);

describe("branching from a checkpoint", () => {
  test("regenerate and edit fork the thread; history gives both branches", async () => {
    const { thread_id: tid } = await client.threads.create();
    await run(tid, { messages: [{ type: "human", content: "hi", id: "h1" }] });
    await run(tid, { messages: [{ type: "human", content: "weather please", id: "h2" }] });
    const before = (await client.threads.getState(tid)).values;
    expect(texts(before)).toEqual([
      "human:hi",
      "ai:Hello there, friend.",
      "human:weather please",
      "ai:",
      "tool:sunny in Paris",
      "ai:Done: sunny in Paris",
    ]);

    // History is newest first with time-sortable checkpoint ids and a parent link on every state but the first.
    let history = (await client.threads.getHistory(tid, { limit: 100 })) as State[];
    const ids = history.map((s) => s.checkpoint.checkpoint_id as string);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(history.slice(0, -1).every((s) => s.parent_checkpoint?.checkpoint_id)).toBe(true);

    // Regenerate the last turn: no input, from the checkpoint where "weather please" was first seen.
    const seen = firstSeen(history, "h2");
    expect(seen.next.length).toBeGreaterThan(0);
    await run(tid, null, seen.checkpoint);
    const regenerated = (await client.threads.getState(tid)).values;
    expect(texts(regenerated)).toEqual(texts(before));
    const oldAnswerId = messagesOf(before).at(-1)?.id;
    expect(messagesOf(regenerated).at(-1)?.id).not.toBe(oldAnswerId);

    history = (await client.threads.getHistory(tid, { limit: 100 })) as State[];
    const children = history.filter((s) => s.parent_checkpoint?.checkpoint_id === seen.checkpoint.checkpoint_id);
    expect(children).toHaveLength(2);

    // The SDK's own branch tree: the newest branch is shown, and switching brings back the first answer.
    const latest = getBranchContext("", history);
    expect(messagesOf(latest.threadHead?.values).at(-1)?.id).not.toBe(oldAnswerId);
    const fork =
      latest.branchByCheckpoint[
        firstSeen(history, messagesOf(regenerated).at(-1)?.id as string).checkpoint.checkpoint_id as string
      ];
    expect(fork?.branchOptions).toHaveLength(2);
    const other = fork?.branchOptions?.find((b) => b !== fork.branch) as string;
    expect(messagesOf(getBranchContext(other, history).threadHead?.values).at(-1)?.id).toBe(oldAnswerId);

    // Edit "weather please": a new message from the parent of the checkpoint where it was first seen.
    await run(tid, { messages: [{ type: "human", content: "just say hi", id: "h2-edit" }] }, seen.parent_checkpoint);
    const edited = (await client.threads.getState(tid)).values;
    expect(texts(edited)).toEqual([
      "human:hi",
      "ai:Hello there, friend.",
      "human:just say hi",
      "ai:Hello there, friend.",
    ]);
    history = (await client.threads.getHistory(tid, { limit: 100 })) as State[];
    const human = getBranchContext("", history).branchByCheckpoint[
      firstSeen(history, "h2-edit").checkpoint.checkpoint_id as string
    ];
    expect(human?.branchOptions).toHaveLength(2);

    // The thread record (what thread lists show) follows the newest branch.
    expect(texts((await client.threads.get(tid)).values)).toEqual(texts(edited));
  });
});
