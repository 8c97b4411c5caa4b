import { expect, type Page } from "@playwright/test";

/** Type a message and send it; waits until the human message is on screen. */
export async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("send-button").click();
  await expect(
    page
      .getByTestId("message")
      .filter({ hasText: text.slice(0, 40) })
      .first(),
  ).toBeVisible();
}

/** Wait until the run is over (the stop button is gone and an answer from the agent is shown). */
export async function waitForAnswer(page: Page, contains: string | RegExp): Promise<void> {
  await expect(
    page.locator('[data-testid="message"][data-role="ai"]').filter({ hasText: contains }).last(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
}
