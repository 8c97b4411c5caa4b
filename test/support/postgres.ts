/**
 * A throwaway PostgreSQL cluster for tests: `initdb` into a temp folder (as the `postgres` user when run as
 * root, which initdb refuses), `pg_ctl` on 127.0.0.1 with fsync off, stopped and deleted afterwards.
 * Ports come from FAWN_PG_PORTS ("55400-55449" by default), the first one free.
 *
 * Without the binaries the suites using this are skipped with a message saying how to install them, except
 * in CI (CI=true), where that is a failure: `npm test` installs Debian's postgresql when it runs as root.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** The folder holding initdb, pg_ctl and postgres: FAWN_PG_BIN, Debian's newest, or the PATH. */
export function postgresBinDir(): string | null {
  const has = (dir: string) => ["initdb", "pg_ctl", "postgres"].every((b) => fs.existsSync(path.join(dir, b)));
  if (process.env.FAWN_PG_BIN) return has(process.env.FAWN_PG_BIN) ? process.env.FAWN_PG_BIN : null;
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (has(path.join(debian, v, "bin"))) return path.join(debian, v, "bin");
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir && has(dir)) return dir;
  return null;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/**
 * Why PostgreSQL tests cannot run here, or null when they can. In CI a missing PostgreSQL is an error,
 * not a reason to skip.
 */
export function postgresSkipReason(): string | null {
  let reason: string | null = null;
  if (!postgresBinDir()) {
    reason =
      "PostgreSQL binaries (initdb, pg_ctl, postgres) not found: install Debian's `postgresql` " +
      "(`apt-get install postgresql`) or set FAWN_PG_BIN to their folder";
  } else if (isRoot()) {
    try {
      fs.accessSync("/usr/sbin/runuser");
    } catch {
      reason = "running as root needs runuser (util-linux) to start PostgreSQL as the postgres user";
    }
  }
  if (reason && process.env.CI === "true") throw new Error(`CI: PostgreSQL tests cannot run: ${reason}`);
  if (reason) console.warn(`skipping PostgreSQL tests: ${reason}`);
  return reason;
}

export interface TestPostgres {
  port: number;
  /** A URL for `database` (default "postgres") as the superuser `postgres`, no password. */
  url(database?: string): string;
  /** A fresh database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stop the server at once (as a crash would), keeping its data; `resume` starts it again on the same port. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

function portRange(): number[] {
  const [lo, hi] = (process.env.FAWN_PG_PORTS ?? "55400-55449").split("-").map(Number);
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/**
 * A port of the test range nothing listens on now, to start a cluster on later. Taken from the top of the
 * range: clusters started meanwhile by other test files take the first free ports from the bottom.
 */
export async function freePostgresPort(): Promise<number> {
  for (const port of portRange().reverse()) if (await portFree(port)) return port;
  throw new Error("no free port in FAWN_PG_PORTS");
}

export async function startPostgres(opts: { maxConnections?: number; port?: number } = {}): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresSkipReason() ?? "no PostgreSQL binaries");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-pg-"));
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  // As root, PostgreSQL runs as `postgres`, which must own the folder (and be able to reach it).
  const asOwner = (cmd: string, args: string[]) =>
    isRoot() ? run("/usr/sbin/runuser", ["-u", "postgres", "--", cmd, ...args]) : run(cmd, args);
  if (isRoot()) {
    fs.chmodSync(dir, 0o755);
    await run("chown", ["postgres:postgres", dir]);
  }
  await asOwner(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const pgCtl = path.join(bin, "pg_ctl");
  const start = (candidate: number) => {
    const options = [
      `-p ${candidate}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      // No disk flushes; commits still reach the OS, so a halted server keeps what it committed.
      "-c fsync=off",
      `-c max_connections=${opts.maxConnections ?? 200}`,
    ].join(" ");
    return asOwner(pgCtl, ["-D", data, "-l", logFile, "-o", options, "-w", "-t", "30", "start"]);
  };
  let port = 0;
  for (const candidate of opts.port ? [opts.port] : portRange()) {
    if (!(await portFree(candidate))) continue;
    try {
      await start(candidate);
      port = candidate;
      break;
    } catch {
      // Taken between the check and the start (another test file): try the next port.
    }
  }
  if (!port)
    throw new Error(`no free port for PostgreSQL in ${portRange()[0]}…; log: ${fs.readFileSync(logFile, "utf8")}`);
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async halt() {
      await asOwner(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
    async resume() {
      await start(port);
    },
    async stop() {
      await asOwner(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
