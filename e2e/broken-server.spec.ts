import { expect, test } from "@playwright/test";
import { BROKEN_PORT } from "../playwright.config";
import { openThreads, send, waitForAnswer } from "./helpers";
import { VIEWPORTS } from "./viewports";

// This server's config (e2e/fixtures/broken) has an MCP server that exits before its handshake and a
// model whose endpoint is a closed local port.
test.use({ baseURL: `http://127.0.0.1:${BROKEN_PORT}` });

test("one broken MCP server: the app works and the server shows failed with its error", async ({ page }) => {
  await page.goto("/");
  const broken = page.locator('[data-testid="mcp-server"][data-status="failed"]').filter({ hasText: "broken" });
  await expect(broken).toBeVisible({ timeout: 20_000 });
  await expect(broken).toContainText(/crash|exit|closed/i);
  // Lazy by default: it listed its tools (cached) and sleeps until one of them is used.
  const everything = page.locator('[data-testid="mcp-server"][data-server-name="everything"]');
  await expect(everything).toHaveAttribute("data-status", "sleeping");
  await send(page, 'echo "still working"');
  await waitForAnswer(page, "Echo: still working");
});

for (const vp of VIEWPORTS) {
  test.describe(`a model that is down (${vp.name})`, () => {
    test.use(vp.use);

    test("the failed run shows the error dot; Regenerate on another model answers the same message", async ({
      page,
    }) => {
      const text = `echo "after the failure on ${vp.name}"`;
      await page.goto("/");
      await page.getByTestId("model-picker").selectOption("down");
      await send(page, text);
      await expect(page.getByTestId("stream-error")).toBeVisible({ timeout: 20_000 });
      const noAnswer = page.getByTestId("no-answer");
      await expect(noAnswer).toBeVisible();
      const id = new URL(page.url()).searchParams.get("thread");
      const item = page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`);
      await openThreads(page);
      await expect(item).toHaveAttribute("data-status", "error");
      await expect(item.getByTestId("thread-status-dot")).toHaveAttribute("title", "last run failed");
      if (vp.name === "phone") await page.keyboard.press("Escape");

      await page.getByTestId("model-picker").selectOption("demo");
      await noAnswer.getByTestId("message-regenerate").click();
      await waitForAnswer(page, `Echo: after the failure on ${vp.name}`);
      await expect(noAnswer).toHaveCount(0);
      await expect(page.getByTestId("stream-error")).toHaveCount(0);
      await expect(page.locator('[data-testid="message"][data-role="human"]')).toHaveCount(1);
      await openThreads(page);
      await expect(item).toHaveAttribute("data-status", "idle");
      await expect(item.getByTestId("thread-status-dot")).toHaveCount(0);

      // The failure is the thread's own: after a reload the answer is there, the error gone.
      await page.reload();
      await expect(page.locator('[data-testid="message"][data-role="ai"]')).toContainText(
        `Echo: after the failure on ${vp.name}`,
      );
      await expect(noAnswer).toHaveCount(0);
    });
  });
}

for (const vp of VIEWPORTS) {
  test.describe(`editing after a failed run (${vp.name})`, () => {
    test.use(vp.use);

    test("the question of a failed run can be edited at once, without a reload", async ({ page }) => {
      await page.goto("/");
      await page.getByTestId("model-picker").selectOption("down");
      await send(page, `echo "first try on ${vp.name}"`);
      await expect(page.getByTestId("stream-error")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("no-answer")).toBeVisible();
      const human = page.locator('[data-testid="message"][data-role="human"]');
      // The pencil is there as soon as the run has failed, like Regenerate (it used to need a reload).
      await expect(human.getByTestId("message-edit")).toBeVisible({ timeout: 10_000 });

      await page.getByTestId("model-picker").selectOption("demo");
      await human.getByTestId("message-edit").click();
      await page.getByTestId("message-edit-input").fill(`echo "edited on ${vp.name}"`);
      await page.getByTestId("message-edit-save").click();
      await waitForAnswer(page, `Echo: edited on ${vp.name}`);
      await expect(page.getByTestId("stream-error")).toHaveCount(0);
      await expect(page.getByTestId("no-answer")).toHaveCount(0);
      await expect(human).toHaveCount(1);
      await expect(human).toContainText(`edited on ${vp.name}`);
      // The failed question stays as the other version of the turn.
      const switcher = human.getByTestId("branch-switcher");
      await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
      await switcher.getByTestId("branch-prev").click();
      await expect(human).toContainText(`first try on ${vp.name}`);
    });
  });
}
