/**
 * Fawn instances as separate processes (test/support/instance-server.ts), each in its own process group so
 * a SIGKILL takes its MCP servers along, as a crash of a real instance would. Ports come from
 * FAWN_INSTANCE_PORTS ("3400-3449" by default), the first free ones.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { REPO_ROOT } from "./repo";
import { tsNodeArgs } from "./spawn-http";

export interface RunningInstance {
  url: string;
  /** The LangGraph API base URL for the SDK client. */
  apiUrl: string;
  child: ChildProcess;
  /** What the instance wrote to stderr (its JSON log lines). */
  logs(): string;
  /** SIGTERM, then wait for the process to exit. */
  stop(): Promise<void>;
  /** SIGKILL the whole process group (a crash) and wait for it. */
  crash(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

const taken = new Set<number>();

/** A port of FAWN_INSTANCE_PORTS that nothing listens on and this process has not handed out. */
export async function instancePort(): Promise<number> {
  const [lo, hi] = (process.env.FAWN_INSTANCE_PORTS ?? "3400-3449").split("-").map(Number);
  for (let p = lo; p <= hi; p++) {
    if (taken.has(p) || !(await portFree(p))) continue;
    taken.add(p);
    return p;
  }
  throw new Error(`no free port in ${lo}-${hi} (FAWN_INSTANCE_PORTS)`);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

export async function startInstance(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningInstance> {
  const port = await instancePort();
  const child = spawn(process.execPath, tsNodeArgs("test/support/instance-server.ts", ["--port", String(port)]), {
    cwd: REPO_ROOT,
    env: { ...process.env, FAWN_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let log = "";
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance on ${port} did not start: ${log}`)), timeoutMs);
    const check = setInterval(() => {
      if (log.includes("listening on")) {
        clearTimeout(timer);
        clearInterval(check);
        resolve();
      }
    }, 20);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`instance on ${port} exited (${code ?? signal}): ${log}`));
    });
  });
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // already gone
    }
  };
  return {
    url,
    apiUrl: `${url}/api/langgraph`,
    child,
    logs: () => log,
    async stop() {
      group("SIGTERM");
      const done = exited(child);
      const timer = setTimeout(() => group("SIGKILL"), 5000);
      await done;
      clearTimeout(timer);
      group("SIGKILL");
      taken.delete(port);
    },
    async crash() {
      group("SIGKILL");
      await exited(child);
      taken.delete(port);
    },
  };
}
