import fs from "node:fs";

/**
 * A process as the kernel knows it: its pid alone is not enough, since pids are reused (after a
 * container restart the server is pid 1 again). The start time in clock ticks since boot
 * (/proc/<pid>/stat, field 22) and the boot id tell the process that holds a pid now from the one
 * that held it when a row was written. Both are null where /proc is not available (not Linux).
 */
export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks since boot, as a decimal string (it can exceed 2^53 in theory). */
  started: string | null;
  bootId: string | null;
}

let boot: string | null | undefined;

export function currentBootId(): string | null {
  if (boot === undefined) {
    try {
      boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
    } catch {
      boot = null;
    }
  }
  return boot;
}

/** Fields 3 onwards of /proc/<pid>/stat (field 3, the state, first), or null (gone, or no /proc). */
function statFields(pid: number): string[] | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The start time of a running process, or null when it cannot be read (gone, or no /proc). */
export function processStartTicks(pid: number): string | null {
  const started = statFields(pid)?.[22 - 3];
  return started && /^\d+$/.exec(started) !== null ? started : null;
}

/**
 * A process that has exited but was not reaped yet: a zombie (Z) or one being torn down (X, x). Its pid and
 * start time stay readable until its parent waits for it — forever where PID 1 does not reap (some containers),
 * so a server killed with SIGKILL would otherwise hold its thread locks for good.
 */
function hasExited(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state === "Z" || state === "X" || state === "x";
}

export function processIdentity(pid: number = process.pid): ProcessIdentity {
  return { pid, started: processStartTicks(pid), bootId: currentBootId() };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the process recorded is still running: its pid exists, on this boot, with the same start
 * time. `unverified` says the answer rests on the pid alone (nothing else was recorded or readable).
 */
export function isRunning(recorded: ProcessIdentity): { running: boolean; unverified: boolean } {
  if (!Number.isInteger(recorded.pid) || recorded.pid <= 0 || !pidExists(recorded.pid) || hasExited(recorded.pid))
    return { running: false, unverified: false };
  const bootNow = currentBootId();
  if (recorded.bootId !== null && bootNow !== null && recorded.bootId !== bootNow)
    return { running: false, unverified: false };
  const startedNow = recorded.started === null ? null : processStartTicks(recorded.pid);
  if (recorded.started === null || startedNow === null) return { running: true, unverified: true };
  return { running: startedNow === recorded.started, unverified: false };
}
