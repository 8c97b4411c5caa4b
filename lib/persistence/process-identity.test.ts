import { spawn } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { isRunning, processIdentity } from "./process-identity";

const children: Array<{ kill: () => void }> = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

const stateOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
};

describe.skipIf(!fs.existsSync("/proc/self/stat"))("isRunning", () => {
  it("a live process with its recorded start time runs; this process too", () => {
    expect(isRunning(processIdentity())).toEqual({ running: true, unverified: false });
  });

  it("a zombie (exited, never reaped: PID 1 of some containers does not reap) does not run", async () => {
    // sh starts a short sleep in the background, then becomes a long sleep that never waits for it.
    const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
    children.push({ kill: () => parent.kill("SIGKILL") });
    const pid = Number(
      await new Promise<string>((resolve) => parent.stdout.once("data", (d: Buffer) => resolve(`${d}`))),
    );
    const recorded = processIdentity(pid);
    expect(recorded.started).not.toBeNull();
    for (let i = 0; i < 100 && stateOf(pid) !== "Z"; i++) await new Promise((r) => setTimeout(r, 50));
    expect(stateOf(pid)).toBe("Z");
    // Its pid and start time are still there; it is not running.
    expect(processIdentity(pid).started).toBe(recorded.started);
    expect(isRunning(recorded)).toEqual({ running: false, unverified: false });
  });
});
