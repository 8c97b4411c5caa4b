// Start a server script as a child process over HTTP on port 0 and read its URL from stderr.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { REPO_ROOT } from "./repo";

export interface SpawnedHttpServer {
  url: string;
  child: ChildProcess;
  /** Everything the child wrote to stderr so far. */
  stderr: () => string;
  stop: () => Promise<void>;
}

/** Node args that run a TypeScript entry point here (Node 20 needs the tsx loader). */
export function tsNodeArgs(script: string, args: string[] = []): string[] {
  return ["--import", "tsx", path.resolve(REPO_ROOT, script), ...args];
}

export function spawnHttpServer(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
): Promise<SpawnedHttpServer> {
  const child = spawn(process.execPath, tsNodeArgs(script, ["http", "--port", "0", ...args]), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script}: no 'listening on' line within ${timeoutMs} ms; stderr: ${log}`));
    }, timeoutMs);
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      log += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, stderr: () => log, stop });
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (code ${code}, signal ${signal}) before listening; stderr: ${log}`));
    });
  });
}
