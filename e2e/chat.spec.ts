import { expect, test } from "@playwright/test";
import { send, waitForAnswer } from "./helpers";

test("a message streams an answer from the demo model", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("model-picker")).toContainText("Demo (offline)");
  await send(page, "hello there");
  const answer = page.locator('[data-testid="message"][data-role="ai"]').last();
  // Streaming: the answer is visible while the run is still going, then completes.
  await expect(answer).toContainText("offline demo model", { timeout: 20_000 });
  await waitForAnswer(page, "Demo model, offline");
  await expect(page.getByTestId("thread-item")).not.toHaveCount(0);
});
