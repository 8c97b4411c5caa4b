import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const chromium = process.env.FAWN_CHROMIUM ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
// FAWN_E2E_PORT moves both servers (PORT and PORT + 1), so two checkouts can run e2e at once.
export const PORT = Number(process.env.FAWN_E2E_PORT ?? 3123);
export const BROKEN_PORT = PORT + 1;
export const CHROMIUM_PATH = chromium;
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  // One retry in CI guards a landing against a slow machine; locally a flake should be seen.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "test-results/e2e-artifacts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${PORT} e2e-data`,
      url: `http://127.0.0.1:${PORT}/api/models`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node scripts/e2e-server.mjs ${BROKEN_PORT} e2e-broken-data`,
      url: `http://127.0.0.1:${BROKEN_PORT}/api/models`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { FAWN_CONFIG: "e2e/fixtures/broken/config.yaml" },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
