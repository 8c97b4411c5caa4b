import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { REPO_ROOT as REPO } from "./repo";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const handedOut = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/**
 * A port for an extra server: with FAWN_E2E_PORT set (a checkout's own range, PORT and PORT + 1 taken by
 * playwright.config's servers), the first free one of PORT + 2 … PORT + 49; else any free port.
 */
export async function extraServerPort(): Promise<number> {
  const base = Number(process.env.FAWN_E2E_PORT);
  if (!base) return freePort();
  for (let port = base + 2; port < base + 50; port++) {
    // Never a port handed out before: a stopped server may still answer on a kept-alive connection.
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in ${base + 2}-${base + 49} (FAWN_E2E_PORT=${base})`);
}

/** Build when there is no production build or the sources changed since (a fresh clone builds once). */
export async function ensureBuilt(): Promise<void> {
  const mod = (await import(path.join(REPO, "scripts/build-if-stale.mjs"))) as { buildIfStale: () => boolean };
  mod.buildIfStale();
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** What the server wrote to stderr (its JSON log lines), when started with captureLogs. */
  logs(): string;
  stop(): Promise<void>;
  kill(): void;
}

export interface StartOptions {
  /** Reuse the data folder of an earlier start instead of wiping it. */
  keep?: boolean;
  captureLogs?: boolean;
  /** Listen here; default a free port the OS picks. */
  port?: number;
}

/** `next start` on a fresh data folder (the same launcher the e2e tests use), waiting until the API answers. */
export async function startServer(
  dataName: string,
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<RunningServer> {
  await ensureBuilt();
  const port = opts.port ?? (await extraServerPort());
  const child = spawn(
    process.execPath,
    [path.join(REPO, "scripts/e2e-server.mjs"), String(port), dataName, ...(opts.keep ? ["keep"] : [])],
    {
      cwd: REPO,
      env: { ...process.env, FAWN_LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "ignore", opts.captureLogs ? "pipe" : "inherit"],
      detached: true,
    },
  );
  let logs = "";
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    logs += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${url}/api/models`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {
      /* gone */
    }
    await new Promise((r) => setTimeout(r, 300));
  };
  const kill = () => {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {
      /* gone */
    }
  };
  return { url, child, stop, kill, logs: () => logs };
}
