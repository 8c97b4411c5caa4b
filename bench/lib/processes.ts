import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT as REPO } from "../../test/support/repo";

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function commOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

/** RSS (MB) of the Next server process and of the whole tree under the launcher (MCP servers included). */
export function sampleRss(rootPid: number): { server: number; tree: number } {
  let server = 0;
  let tree = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop() as number;
    const kb = rssKb(pid);
    tree += kb;
    if (/next(-server|\/dist\/bin\/next)/.test(commOf(pid)) && kb > server) server = kb;
    stack.push(...childrenOf(pid));
  }
  return { server: server / 1024, tree: tree / 1024 };
}

/** The demo model in its own process (an OpenAI-compatible endpoint), as a hosted model would be. */
export async function startDemoModel(delayMs: number): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(REPO, "servers/demo-model/main.ts"), "--port", "0", "--delay-ms", String(delayMs)],
    {
      cwd: REPO,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let err = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo model did not start: ${err}`)), 20_000);
    child.stderr?.setEncoding("utf8").on("data", (d: string) => {
      err += d;
      const m = /listening on (\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return { url, stop: () => child.kill("SIGTERM") };
}
