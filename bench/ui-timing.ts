/**
 * npm run -s bench:ui-timing -- [--runs 5] [--delay-ms 15]
 * The page as a person meets it, in Chromium against `next start` on a fresh data folder (offline demo model):
 * - first load: navigation start → the composer is on screen and editable (cold browser cache each run);
 * - first answer: Send → the first streamed words of the answer, and → the run finished (server warmed up);
 * - the JavaScript bytes the browser fetched for the first load.
 * Prints medians and ranges; asserts nothing about time.
 */
import fs from "node:fs";
import { type Browser, chromium, type Page } from "@playwright/test";
import { parseArgs } from "./lib/args";
import { startServer } from "../test/support/next-server";

const args = parseArgs(process.argv.slice(2), ["runs", "delay-ms"]);
const RUNS = Number(args.runs ?? 5);
if (!(RUNS > 0)) throw new Error("--runs must be a positive number");

const CHROMIUM = process.env.FAWN_CHROMIUM ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const COMPOSER = '[data-testid="composer-input"]';
const AI = '[data-testid="message"][data-role="ai"]';
const PROMPT = "hello there";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const fmt = (xs: number[]) =>
  `${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

/** Milliseconds from navigation start until the composer accepts typing, plus the JS bytes fetched meanwhile. */
async function firstLoad(browser: Browser, url: string): Promise<{ ms: number; jsBytes: number; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  let jsBytes = 0;
  page.on("response", (res) => {
    if (!res.url().endsWith(".js")) return;
    res.body().then(
      (b) => {
        jsBytes += b.length;
      },
      () => {},
    );
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.locator(COMPOSER).waitFor({ state: "visible" });
  await page.waitForFunction((sel) => {
    const el = document.querySelector<HTMLTextAreaElement>(sel);
    return !!el && !el.disabled && !el.readOnly;
  }, COMPOSER);
  const ms = await page.evaluate(() => performance.now());
  await page.waitForLoadState("networkidle");
  return { ms, jsBytes, page };
}

/** Send → first words of the answer on screen, and → the run over (Stop gone, answer complete). */
async function firstAnswer(page: Page): Promise<{ firstWords: number; done: number }> {
  await page.locator(COMPOSER).fill(PROMPT);
  const started = await page.evaluate(() => performance.now());
  await page.locator(COMPOSER).press("Enter");
  await page.waitForFunction(
    (sel) => [...document.querySelectorAll(sel)].some((el) => (el.textContent ?? "").trim().length > 0),
    AI,
    { polling: "raf" },
  );
  const firstWords = (await page.evaluate(() => performance.now())) - started;
  await page.waitForFunction(
    (sel) =>
      !document.querySelector('[data-testid="stop-button"]') &&
      [...document.querySelectorAll(sel)].some((el) => /Demo model, offline/.test(el.textContent ?? "")),
    AI,
    { polling: "raf", timeout: 30_000 },
  );
  const done = (await page.evaluate(() => performance.now())) - started;
  return { firstWords, done };
}

async function main() {
  const delay = args["delay-ms"] ?? "15";
  const server = await startServer("bench-ui-data", { FAWN_DEMO_DELAY_MS: delay });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  try {
    // Warm the server (agent build, MCP servers) so the figures are the page's, not the first-ever run's.
    const warm = await firstLoad(browser, server.url);
    await firstAnswer(warm.page);
    await warm.page.context().close();

    const loads: number[] = [];
    const firstWords: number[] = [];
    const done: number[] = [];
    let jsBytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const load = await firstLoad(browser, server.url);
      loads.push(load.ms);
      jsBytes = load.jsBytes;
      const answer = await firstAnswer(load.page);
      firstWords.push(answer.firstWords);
      done.push(answer.done);
      await load.page.context().close();
    }
    const rows: Array<[string, string]> = [
      ["runs", `${RUNS} (fresh browser context each, server warmed, demo model ${delay} ms per chunk)`],
      ["first load → usable composer", fmt(loads)],
      ["JS fetched by the first load", `${(jsBytes / 1024).toFixed(1)} KB (uncompressed bodies)`],
      [`first answer ("${PROMPT}"): Send → first words`, fmt(firstWords)],
      ["first answer: Send → run finished", fmt(done)],
    ];
    const w = Math.max(...rows.map((r) => r[0].length));
    for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(`bench:ui-timing: ${(e as Error).message}`);
  process.exit(1);
});
