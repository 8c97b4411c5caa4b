#!/usr/bin/env node
// `npm test`: everything CI runs, in order — typecheck, unit and integration tests, build, end-to-end in Chromium.
// It installs what the tests need that npm does not (Debian's chromium, bubblewrap and postgresql) when it can.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (p) => path.join(root, "node_modules", p);
const started = Date.now();

function run(label, cmd, args, env = {}) {
  const t = Date.now();
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✗ ${label} failed (exit ${r.status ?? r.signal}) after ${secs}s`);
    process.exit(r.status || 1);
  }
  console.log(`✓ ${label} (${secs}s)`);
}

const canApt = () =>
  typeof process.getuid === "function" && process.getuid() === 0 && fs.existsSync("/usr/bin/apt-get");

/** Installs a Debian package when this runs as root with apt; otherwise prints `note` and goes on. */
function aptInstall(pkg, note) {
  if (!canApt()) {
    console.log(note);
    return;
  }
  run(`install ${pkg} (Debian)`, "bash", [
    "-c",
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`,
  ]);
}

function ensureChromium() {
  if (process.env.FAWN_CHROMIUM || fs.existsSync("/usr/bin/chromium")) return;
  aptInstall(
    "chromium",
    "note: /usr/bin/chromium not found and apt-get unavailable; Playwright's own browser will be used if installed",
  );
}

// bash runs in bubblewrap (config.yaml `sandbox.bash: bwrap`); its tests run the real sandbox.
function ensureBubblewrap() {
  if (process.env.FAWN_BWRAP || fs.existsSync("/usr/bin/bwrap")) return;
  aptInstall(
    "bubblewrap",
    "note: /usr/bin/bwrap not found; install bubblewrap (`apt-get install bubblewrap`) for the sandbox tests",
  );
}

// The reverse-proxy e2e (e2e/public-url.spec.ts) makes a self-signed certificate with openssl.
function ensureOpenssl() {
  if (fs.existsSync("/usr/bin/openssl")) return;
  aptInstall(
    "openssl",
    "note: /usr/bin/openssl not found; install openssl (`apt-get install openssl`) for the proxy e2e",
  );
}

// The multi-instance tests run a throwaway PostgreSQL cluster (initdb and pg_ctl of Debian's postgresql).
function postgresBinaries() {
  const has = (dir) => ["initdb", "pg_ctl", "postgres"].every((b) => fs.existsSync(path.join(dir, b)));
  if (process.env.FAWN_PG_BIN) return has(process.env.FAWN_PG_BIN);
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian) && fs.readdirSync(debian).some((v) => has(path.join(debian, v, "bin")))) return true;
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && has(dir));
}

function ensurePostgres() {
  if (postgresBinaries()) return;
  if (canApt()) {
    // The tests start their own clusters: keep the package from creating and starting a default one.
    const conf = "/etc/postgresql-common/createcluster.conf";
    if (!fs.existsSync(conf)) {
      fs.mkdirSync(path.dirname(conf), { recursive: true });
      fs.writeFileSync(conf, "create_main_cluster = false\n");
    }
  }
  aptInstall(
    "postgresql",
    "note: PostgreSQL (initdb, pg_ctl) not found; install Debian's postgresql (`apt-get install postgresql`) " +
      "for the multi-instance tests (skipped without it, except in CI)",
  );
}

const only = process.argv[2];
ensureBubblewrap();
ensureOpenssl();
if (!only || only === "unit") {
  ensurePostgres();
  run("lint and format (biome)", process.execPath, [bin("@biomejs/biome/bin/biome"), "check", "."]);
  run("typecheck", process.execPath, [bin("typescript/bin/tsc"), "--noEmit", "-p", "."]);
  run("unit + integration (vitest)", process.execPath, [bin("vitest/vitest.mjs"), "run"]);
}
if (!only || only === "e2e") {
  ensureChromium();
  run("build (next build)", process.execPath, [bin("next/dist/bin/next"), "build"]);
  run("end to end (playwright)", process.execPath, [bin("@playwright/test/cli.js"), "test"]);
}
console.log(`\nall tests passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
