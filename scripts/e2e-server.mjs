#!/usr/bin/env node
// Starts `next start` for the end-to-end tests on a fresh data folder, so runs never see each other's threads.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const [port, dataName = "e2e-data", keep] = process.argv.slice(2);
const dataDir = path.join(root, "test-results", dataName);
// "keep" restarts on the same data (a crash-and-restart test); otherwise every start is fresh.
if (keep !== "keep") fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const child = spawn(
  process.execPath,
  [path.join(root, "node_modules/next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", port],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      FAWN_DATA_DIR: dataDir,
      FAWN_DEMO_DELAY_MS: process.env.FAWN_DEMO_DELAY_MS ?? "15",
      FAWN_LOG_LEVEL: process.env.FAWN_LOG_LEVEL ?? "warn",
    },
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
