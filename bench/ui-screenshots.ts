/**
 * npm run -s bench:ui-screenshots
 * The README's pictures of the chat, taken in Chromium against `next start` on the offline demo model:
 * docs/quiet-tool-steps.png (a tool-using turn folded into one steps line) and docs/chinese-ui.png
 * (the same conversation in 简体中文, dark theme). The Chinese picture needs a CJK font on the machine
 * (Debian: apt-get install fonts-wqy-microhei).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startServer } from "../test/support/next-server";
import { REPO_ROOT as REPO } from "../test/support/repo";

const CHROMIUM = process.env.FAWN_CHROMIUM ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/** The first turn at the top of the view: its question, the quiet steps line, the pinned search, the answer. */
async function scrollToStart(page: Page) {
  await page.getByTestId("tool-steps").first().scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const steps = document.querySelector('[data-testid="tool-steps"]');
    const scroller = steps?.closest(".overflow-y-auto");
    if (scroller) scroller.scrollTop = 0;
  });
}

async function converse(page: Page) {
  for (const text of ["calculate: 12*(3+4)", "show me some markdown"]) {
    await page.getByTestId("composer-input").fill(text);
    await page.getByTestId("composer-input").press("Enter");
    await page
      .getByTestId("stop-button")
      .waitFor({ state: "detached", timeout: 30_000 })
      .catch(() => {});
    await page
      .locator('[data-testid="message"][data-role="ai"]')
      .filter({ hasText: "Demo model, offline" })
      .nth(text.startsWith("calculate") ? 0 : 1)
      .waitFor({ timeout: 30_000 });
  }
  await page.locator(".katex").first().waitFor();
  await page.locator('code[data-highlighted="true"]').first().waitFor();
}

async function main() {
  const server = await startServer("bench-ui-shots", { FAWN_DEMO_DELAY_MS: "5" });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate(() => {
      localStorage.setItem("fawn:theme", "light");
      localStorage.setItem("fawn:locale", "en");
    });
    await page.reload();
    await converse(page);
    await scrollToStart(page);
    const out = path.join(REPO, "docs");
    await page.screenshot({ path: path.join(out, "quiet-tool-steps.png") });

    await page.evaluate(() => {
      localStorage.setItem("fawn:theme", "dark");
      localStorage.setItem("fawn:locale", "zh-CN");
    });
    await page.reload();
    await page.locator(".katex").first().waitFor({ timeout: 30_000 });
    await page.locator('code[data-highlighted="true"]').first().waitFor();
    await scrollToStart(page);
    await page.screenshot({ path: path.join(out, "chinese-ui.png") });
    console.log(`wrote docs/quiet-tool-steps.png and docs/chinese-ui.png`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(`bench:ui-screenshots: ${(e as Error).message}`);
  process.exit(1);
});
