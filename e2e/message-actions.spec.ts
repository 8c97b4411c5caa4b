import { expect, test } from "@playwright/test";
import { send, waitForAnswer, warmUpApi } from "./helpers";
import { VIEWPORTS } from "./viewports";

warmUpApi(test);

for (const vp of VIEWPORTS) {
  test.describe(`message actions (${vp.name})`, () => {
    test.use({ ...vp.use, permissions: ["clipboard-read", "clipboard-write"] });

    test("copy, regenerate and edit; each rerun is a branch and the switcher shows both", async ({ page }) => {
      await page.goto("/");
      await send(page, "hello there");
      await waitForAnswer(page, "Demo model, offline");
      const answer = page.locator('[data-testid="message"][data-role="ai"]').last();
      const firstId = await answer.getAttribute("data-message-id");
      expect(firstId).toBeTruthy();

      // Copy puts the answer's markdown on the clipboard.
      await answer.getByTestId("message-copy").click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain("offline demo model");

      // Regenerate reruns the turn from its checkpoint: a second version, shown, with a switcher.
      await answer.getByTestId("message-regenerate").click();
      await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
      const switcher = page.locator('[data-testid="message"][data-role="ai"] [data-testid="branch-switcher"]');
      await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
      await expect(switcher).toHaveAttribute("data-index", "2");
      const secondId = await page
        .locator('[data-testid="message"][data-role="ai"]')
        .last()
        .getAttribute("data-message-id");
      expect(secondId).not.toBe(firstId);
      await switcher.getByTestId("branch-prev").click();
      await expect(switcher).toHaveAttribute("data-index", "1");
      await expect(page.locator('[data-testid="message"][data-role="ai"]').last()).toHaveAttribute(
        "data-message-id",
        firstId as string,
      );

      // Edit the question: the thread forks before it; the new version answers the new text.
      const human = page.locator('[data-testid="message"][data-role="human"]').last();
      await human.getByTestId("message-edit").click();
      await page.getByTestId("message-edit-input").fill('echo "second version"');
      await page.getByTestId("message-edit-save").click();
      await waitForAnswer(page, "second version");
      const humanSwitcher = page.locator('[data-testid="message"][data-role="human"] [data-testid="branch-switcher"]');
      await expect(humanSwitcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
      await humanSwitcher.getByTestId("branch-prev").click();
      await expect(page.locator('[data-testid="message"][data-role="human"]').last()).toContainText("hello there");
      await expect(page.locator('[data-testid="message"][data-role="ai"]').last()).toContainText("offline demo model");
      await humanSwitcher.getByTestId("branch-next").click();
      await expect(page.locator('[data-testid="message"][data-role="human"]').last()).toContainText("second version");
    });

    test("an answer stopped before it came can be regenerated, without retyping", async ({ page }) => {
      const slow = "everything_trigger-long-running-operation";
      await page.goto("/");
      await send(page, `${slow}: {"duration": 5, "steps": 5}`);
      // Stop while the 5 s call runs (a loaded machine may deliver the call late): the turn has steps but no answer.
      await expect(page.locator(`[data-testid="tool-call"][data-tool-name="${slow}"]`)).toBeAttached({
        timeout: 20_000,
      });
      await page.getByTestId("stop-button").click();
      await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 20_000 });
      const noAnswer = page.getByTestId("no-answer");
      await expect(noAnswer).toBeVisible();
      await expect(page.locator('[data-testid="message"][data-role="ai"]')).toHaveCount(0);
      // The question can be edited at once too (it used to need a reload after a stop or a failure).
      await expect(page.locator('[data-testid="message"][data-role="human"]').getByTestId("message-edit")).toBeVisible({
        timeout: 10_000,
      });

      await noAnswer.getByTestId("message-regenerate").click();
      await waitForAnswer(page, "Long running operation completed");
      await expect(noAnswer).toHaveCount(0);
      await expect(page.locator('[data-testid="message"][data-role="human"]')).toHaveCount(1);
      // The stopped try is kept as the other version of the turn.
      const switcher = page.locator('[data-testid="message"][data-role="ai"] [data-testid="branch-switcher"]');
      await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
    });
  });
}
