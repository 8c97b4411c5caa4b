import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ThreadLocks } from "./thread-lock";

const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fawn-lock-")), "threads.sqlite");

describe("ThreadLocks", () => {
  it("one holder at a time; release frees it; the same owner may re-acquire", () => {
    const db = file();
    const a = new ThreadLocks(db);
    expect(a.acquire("t", "run-1")).toEqual({ ok: true });
    expect(a.acquire("t", "run-1")).toEqual({ ok: true });
    a.release("t", "run-1");
    expect(a.acquire("t", "run-2")).toEqual({ ok: true });
  });

  it("a lock held by another live process refuses; a dead or stale holder does not count", () => {
    const db = file();
    const locks = new ThreadLocks(db);
    const raw = new Database(db);
    const put = (pid: number, at: number) =>
      raw.prepare("INSERT OR REPLACE INTO fawn_thread_locks VALUES ('t', 'other', ?, ?)").run(pid, at);
    put(process.ppid, Date.now());
    const refused = locks.acquire("t", "mine");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.holder.pid).toBe(process.ppid);
    put(2 ** 22 + 12345, Date.now()); // no such pid
    expect(locks.acquire("t", "mine")).toEqual({ ok: true });
    put(process.ppid, Date.now() - 2 * 60 * 60 * 1000);
    expect(locks.acquire("t", "mine2")).toEqual({ ok: true });
  });
});
