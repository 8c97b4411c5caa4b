/**
 * How a wait for another instance's run reads the database: once at the start, at once on the notice that the
 * run ended, on its other notices at most every 100 ms (while it streams), and every second without one. The source is scripted here (it is
 * the SQL of run-book.ts, exercised against a real cluster in run-book.test.ts); the clock is vitest's.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { silentLogger } from "@/test/support/api";
import { RemoteRun, type RunRow, type RunSource } from "./remote-run";

const run = {
  run_id: "r1",
  thread_id: "t1",
  assistant_id: "a",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  status: "running" as const,
  metadata: {},
  multitask_strategy: "reject" as const,
};
const running: RunRow = { run, finished: false, orphaned: false, finishedMsAgo: null };

function scripted(readRow?: () => Promise<RunRow | undefined>) {
  const state = {
    row: running as RunRow | undefined,
    fail: false,
    reads: 0,
    notice: (_ended: boolean) => {},
  };
  const source: RunSource = {
    readRow: async () => {
      state.reads++;
      if (state.fail) throw new Error("connection lost");
      return readRow ? readRow() : state.row;
    },
    readEvents: async () => [],
    watch: (onNotice) => {
      state.notice = onNotice;
      return () => {
        state.notice = () => {};
      };
    },
    settleOrphans: async () => 0,
  };
  return { state, remote: new RemoteRun(running, source, silentLogger) };
}

/** Whether the promise has settled, after letting pending callbacks run. */
async function settledYet(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("RemoteRun.finished", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("reads the row at once, then once a second while nothing is heard", async () => {
    const { state, remote } = scripted();
    const finished = remote.finished;
    await vi.advanceTimersByTimeAsync(0);
    expect(state.reads).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(state.reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.reads).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.reads).toBe(7);
    expect(await settledYet(finished)).toBe(false);
  });

  test("event notices read the row at most every 100 ms; the end notice reads it at once", async () => {
    const { state, remote } = scripted();
    const finished = remote.finished;
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(300);
    state.notice(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.reads).toBe(2);
    for (let i = 0; i < 50; i++) {
      state.notice(false);
      await vi.advanceTimersByTimeAsync(4);
    }
    // 200 ms of notices while the run streams: two more reads, not fifty.
    expect(state.reads).toBe(4);
    state.row = { ...running, run: { ...run, status: "success" }, finished: true, finishedMsAgo: 0 };
    state.notice(true);
    expect(await settledYet(finished)).toBe(true);
    expect(state.reads).toBe(5);
    expect(remote.toRun().status).toBe("success");
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.reads).toBe(5);
  });

  test("an end notice heard during a read is read right after it", async () => {
    let release!: () => void;
    const slowRead = new Promise<void>((r) => (release = r));
    let calls = 0;
    const { state, remote } = scripted(async () => {
      if (++calls === 1) {
        await slowRead;
        return running;
      }
      return { ...running, finished: true, finishedMsAgo: 0 };
    });
    const finished = remote.finished;
    await vi.advanceTimersByTimeAsync(0);
    state.notice(true);
    release();
    expect(await settledYet(finished)).toBe(true);
    expect(state.reads).toBe(2);
  });

  test("an instance of an earlier version sends no end notice: its last event notice still ends the wait", async () => {
    const { state, remote } = scripted();
    const finished = remote.finished;
    await vi.advanceTimersByTimeAsync(0);
    state.row = { ...running, finished: true, finishedMsAgo: 0 };
    state.notice(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settledYet(finished)).toBe(true);
  });

  test("an instance that died sends nothing: the once-a-second read finds the run orphaned", async () => {
    const { state, remote } = scripted();
    const finished = remote.finished;
    await vi.advanceTimersByTimeAsync(0);
    state.row = { ...running, orphaned: true };
    await vi.advanceTimersByTimeAsync(999);
    expect(await settledYet(finished)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledYet(finished)).toBe(true);
    expect(remote.toRun().status).toBe("error");
  });

  test("a row that is gone or cannot be read ends the wait", async () => {
    const gone = scripted();
    gone.state.row = undefined;
    expect(await settledYet(gone.remote.finished)).toBe(true);
    const failing = scripted();
    failing.state.fail = true;
    expect(await settledYet(failing.remote.finished)).toBe(true);
  });

  test("a run already finished when found settles without a read", async () => {
    const { state } = scripted();
    const done = new RemoteRun(
      { ...running, finished: true, finishedMsAgo: 5 },
      {
        readRow: async () => {
          state.reads++;
          return undefined;
        },
        readEvents: async () => [],
        watch: () => () => {},
        settleOrphans: async () => 0,
      },
      silentLogger,
    );
    expect(await settledYet(done.finished)).toBe(true);
    expect(state.reads).toBe(0);
  });
});
