import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { processIdentity, processStartTicks } from "./process-identity";
import { ThreadLocks } from "./thread-lock";
import { REPO_ROOT } from "@/test/support/repo";

const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fawn-lock-")), "threads.sqlite");

/** Write a lock row as another process would have left it. */
function putRow(db: string, row: { pid: number; started: string | null; bootId: string | null; at?: number }) {
  const raw = new Database(db);
  raw
    .prepare("INSERT OR REPLACE INTO fawn_thread_locks VALUES ('t', 'other', ?, ?, ?, ?)")
    .run(row.pid, row.at ?? Date.now(), row.started, row.bootId);
  raw.close();
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

/** A real second process holding the lock, like `fawn chat` in another terminal. */
async function cliHoldingLock(db: string, thread: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/sandbox-lock-holder.ts", db, thread, "cli"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout?.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  expect(line).toBe("held");
  return child;
}

describe("ThreadLocks", () => {
  it("one holder at a time; release frees it; the same owner may re-acquire", () => {
    const db = file();
    const a = new ThreadLocks(db);
    expect(a.acquire("t", "run-1")).toEqual({ ok: true });
    expect(a.acquire("t", "run-1")).toEqual({ ok: true });
    a.release("t", "run-1");
    expect(a.acquire("t", "run-2")).toEqual({ ok: true });
  });

  it("a lock held by another live process refuses, naming its pid", () => {
    const db = file();
    const locks = new ThreadLocks(db);
    putRow(db, processIdentity(process.ppid));
    const refused = locks.acquire("t", "mine");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.holder.pid).toBe(process.ppid);
  });

  it("a row whose pid now belongs to an unrelated live process (pid reuse) does not block the thread", () => {
    const db = file();
    const locks = new ThreadLocks(db);
    const parent = processIdentity(process.ppid);
    expect(parent.started).not.toBeNull();
    // Written by a process that had the parent's pid before: same pid, alive, but started at another time.
    putRow(db, { ...parent, started: String(Number(parent.started) + 1) });
    expect(locks.acquire("t", "mine")).toEqual({ ok: true });
    // The same after a reboot: the boot id differs even if the start time happened to match.
    putRow(db, { ...parent, bootId: "00000000-0000-0000-0000-000000000000" });
    expect(locks.acquire("t", "mine2")).toEqual({ ok: true });
    // And our own pid, recorded by an earlier server that had it (the container-restart case: both pid 1).
    putRow(db, { ...processIdentity(), started: "1" });
    expect(locks.acquire("t", "mine3")).toEqual({ ok: true });
  });

  it("a dead holder does not count; a row of an older version (pid only) expires after an hour", () => {
    const db = file();
    const locks = new ThreadLocks(db);
    putRow(db, { pid: 2 ** 22 + 12345, started: null, bootId: null });
    expect(locks.acquire("t", "mine")).toEqual({ ok: true });
    putRow(db, { pid: process.ppid, started: null, bootId: null });
    expect(locks.acquire("t", "mine2").ok).toBe(false);
    putRow(db, { pid: process.ppid, started: null, bootId: null, at: Date.now() - 2 * 60 * 60 * 1000 });
    expect(locks.acquire("t", "mine3")).toEqual({ ok: true });
  });

  it("adds the identity columns to a table made by an earlier version", () => {
    const db = file();
    const raw = new Database(db);
    raw.exec(
      "CREATE TABLE fawn_thread_locks (thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, pid INTEGER NOT NULL, acquired_at INTEGER NOT NULL)",
    );
    raw.prepare("INSERT INTO fawn_thread_locks VALUES ('old', 'x', ?, ?)").run(process.ppid, Date.now());
    raw.close();
    const locks = new ThreadLocks(db);
    expect(locks.acquire("old", "mine").ok).toBe(false);
    expect(locks.acquire("t", "mine")).toEqual({ ok: true });
  });
});

describe("sweep at start: rows of crashed processes go, a live CLI's lock stays", () => {
  it("clears a row left by a crashed process whose pid is now a live unrelated process, keeps the CLI's", async () => {
    const db = file();
    new ThreadLocks(db);
    const cli = await cliHoldingLock(db, "cli-thread");
    const parent = processIdentity(process.ppid);
    putRow(db, { ...parent, started: String(Number(parent.started) + 7) });

    const server = new ThreadLocks(db);
    expect(server.sweep()).toBe(1);
    const left = new Database(db).prepare("SELECT thread_id, pid, started FROM fawn_thread_locks").all();
    expect(left).toEqual([{ thread_id: "cli-thread", pid: cli.pid, started: processStartTicks(cli.pid as number) }]);
    expect(server.acquire("t", "server-run")).toEqual({ ok: true });
    const busy = server.acquire("cli-thread", "server-run");
    expect(busy.ok).toBe(false);

    // The CLI dies without releasing (SIGKILL): its row no longer counts, and the next sweep clears it.
    cli.kill("SIGKILL");
    await new Promise((r) => cli.once("exit", r));
    expect(server.sweep()).toBe(1);
    expect(server.acquire("cli-thread", "server-run")).toEqual({ ok: true });
    expect(server.sweep()).toBe(0);
  });
});
