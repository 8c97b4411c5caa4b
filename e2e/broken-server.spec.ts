import { expect, test } from "@playwright/test";
import { BROKEN_PORT } from "../playwright.config";
import { send, waitForAnswer } from "./helpers";

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
