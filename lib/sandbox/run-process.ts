import { spawn } from "node:child_process";
import fs from "node:fs";
import { onShutdown } from "@/lib/lifecycle/shutdown";
import { formatBytes } from "./limits";

/** After the process exits, how long to wait for its pipes to close before giving up on stragglers. */
const CLOSE_GRACE_MS = 1000;

/** Keeps the first and last half of a stream of output, counting what falls between. */
export class CappedOutput {
  private head: Buffer[] = [];
  private headLen = 0;
  private tail: Buffer = Buffer.alloc(0);
  total = 0;
  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const half = Math.floor(this.cap / 2);
    if (this.headLen < half) {
      const take = Math.min(half - this.headLen, chunk.length);
      this.head.push(chunk.subarray(0, take));
      this.headLen += take;
      chunk = chunk.subarray(take);
    }
    if (chunk.length === 0) return;
    const keep = this.cap - half;
    this.tail = Buffer.concat([this.tail, chunk]);
    if (this.tail.length > keep) this.tail = this.tail.subarray(this.tail.length - keep);
  }

  get truncated(): boolean {
    return this.total > this.cap;
  }

  text(): string {
    const head = Buffer.concat(this.head).toString("utf8");
    if (!this.truncated) return head + this.tail.toString("utf8");
    const omitted = this.total - this.headLen - this.tail.length;
    return `${head}\n[… ${formatBytes(omitted)} omitted …]\n${this.tail.toString("utf8")}`;
  }
}

export interface ProcessRun {
  output: CappedOutput;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
}

export interface RunOptions {
  /** Working directory; default the server's (bwrap sets its own). */
  cwd?: string;
  /** The whole environment of the process: nothing is inherited. */
  env: Record<string, string>;
  timeoutMs: number;
  capBytes: number;
  signal?: AbortSignal;
  /** Who the process works for (bash: the thread's folder), so stopProcessesOf can end it. */
  owner?: string;
}

interface Tracked {
  owner: string | undefined;
  kill: () => void;
  /** Settles once the process has exited and its output pipes have closed (or the grace time is up). */
  settled: Promise<unknown>;
}

/**
 * Process groups still running, by the pid of their leader. Kept on globalThis: Next.js may load this module
 * once per bundle, and a thread's deletion or the server's shutdown must see every command, whichever bundle
 * started it.
 */
const registry = globalThis as unknown as { __fawnProcesses?: Map<number, Tracked>; __fawnProcessExitHook?: true };
registry.__fawnProcesses ??= new Map<number, Tracked>();
const running = registry.__fawnProcesses;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Host pids of every process descending from `pid`, from /proc (none where there is no /proc). A process that
 * made its own session (bwrap's --new-session puts the sandbox's init in one) is outside the leader's group, and
 * once the leader is gone it is re-parented and can no longer be found: collect before killing.
 */
function descendantsOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ", 2)[1]);
      const list = children.get(ppid);
      if (list) list.push(Number(entry));
      else children.set(ppid, [Number(entry)]);
    } catch {
      // Gone while we looked.
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/**
 * Kill a command's process group and everything below its leader, wherever they moved: the sandbox's init,
 * in its own session, does not always die with bwrap (its parent-death signal can come too late under load),
 * and killing a PID namespace's init ends every process in it.
 */
function killTree(pid: number): void {
  const below = descendantsOf(pid);
  killGroup(pid);
  for (const p of below) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // ESRCH: already gone.
    }
  }
}

function trackUntilServerExit(pid: number, tracked: Tracked): void {
  running.set(pid, tracked);
  if (registry.__fawnProcessExitHook) return;
  registry.__fawnProcessExitHook = true;
  // `exit` also runs after a signal handler calls process.exit(); a SIGKILL of the server runs nothing
  // (under bwrap, --die-with-parent covers that case).
  process.on("exit", () => {
    for (const group of running.keys()) killGroup(group);
  });
  // On SIGTERM/SIGINT, last: whatever command a cancelled run left is killed and waited for.
  onShutdown("commands", 30, () => stopProcessesOf(undefined));
}

/**
 * Kill the commands working for `owner` (every command when it is undefined) and wait until they have exited
 * and closed their output, at most `withinMs`. Returns how many there were.
 */
export async function stopProcessesOf(owner: string | undefined, withinMs = 5000): Promise<number> {
  const mine = [...running.values()].filter((t) => owner === undefined || t.owner === owner);
  for (const t of mine) t.kill();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(mine.map((t) => t.settled)),
    new Promise((r) => {
      timer = setTimeout(r, withinMs);
    }),
  ]);
  clearTimeout(timer);
  return mine.length;
}

/**
 * Run a program in its own process group, so a timeout, a cancellation or the server's exit kills
 * it together with everything it started that stayed in the group. When it exits, whatever it left
 * running in the group is killed too: one tool call, one self-contained job.
 */
export function runProcess(file: string, args: string[], opts: RunOptions): Promise<ProcessRun> {
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((r) => {
    markClosed = r;
  });
  const result = new Promise<ProcessRun>((resolve, reject) => {
    const output = new CappedOutput(opts.capBytes);
    const run: ProcessRun = { output, exitCode: null, signal: null, timedOut: false, aborted: false };
    const child = spawn(file, args, {
      cwd: opts.cwd,
      // Next.js's types make NODE_ENV required in ProcessEnv; the command is meant to run without it.
      env: opts.env as NodeJS.ProcessEnv,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const pid = child.pid;
    const kill = () => {
      if (pid !== undefined) killTree(pid);
    };
    if (pid !== undefined) trackUntilServerExit(pid, { owner: opts.owner, kill, settled: closed });
    let settled = false;
    let grace: NodeJS.Timeout | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      opts.signal?.removeEventListener("abort", onAbort);
      if (pid !== undefined) running.delete(pid);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(run);
    };
    const timer = setTimeout(() => {
      run.timedOut = true;
      kill();
    }, opts.timeoutMs);
    const onAbort = () => {
      run.aborted = true;
      kill();
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout?.on("data", (c: Buffer) => output.push(c));
    child.stderr?.on("data", (c: Buffer) => output.push(c));
    child.on("error", (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (pid !== undefined) running.delete(pid);
      reject(new Error(`could not start ${file}: ${e.message}`));
    });
    child.on("exit", (code, signal) => {
      run.exitCode = code;
      run.signal = signal;
      // The leader is reaped: what it started stays in its group (its descendants can no longer be traced).
      if (pid !== undefined) killGroup(pid);
      // A process that left the group (setsid, on the host) may still hold the pipes; do not wait for it forever.
      grace = setTimeout(finish, CLOSE_GRACE_MS);
    });
    child.on("close", finish);
  });
  void result.then(markClosed, markClosed);
  return result;
}
