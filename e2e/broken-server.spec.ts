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
