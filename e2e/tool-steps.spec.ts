import { expect, test } from "@playwright/test";
import { send, waitForAnswer, warmUpApi } from "./helpers";
import { VIEWPORTS } from "./viewports";

warmUpApi(test);

const SLOW_CALL = "everything_trigger-long-running-operation";

for (const vp of VIEWPORTS) {
  test.describe(`quiet tool steps (${vp.name})`, () => {
    test.use(vp.use);

    test("a turn's calls fold into one steps line; the search stays visible; timings survive a reload", async ({
      page,
    }) => {
      await page.goto("/");
      await send(page, "calculate: 12*(3+4)");
      await waitForAnswer(page, "workbench_calculate");

      const steps = page.getByTestId("tool-steps");
      await expect(steps).toHaveCount(1);
      await expect(steps).toHaveAttribute("data-count", "2");
      await expect(steps).toContainText("2 steps");
      await expect(steps).toContainText("workbench_calculate");
      await expect(steps).toHaveAttribute("aria-expanded", "false");
      // The search that promoted the tool stays in view; the call itself waits behind the line.
      await expect(page.getByTestId("tool-search-card")).toBeVisible();
      const calc = page.locator('[data-testid="tool-call"][data-tool-name="workbench_calculate"]');
      await expect(calc).toBeHidden();

      await steps.click();
      await expect(calc).toBeVisible();
      await expect(calc).toContainText("84");
      await calc.getByRole("button").first().click();
      await expect(calc.getByTestId("tool-result")).toContainText("84");

      // The answer is one short message, not the card again.
      await expect(page.locator('[data-testid="message"][data-role="ai"]')).toHaveCount(1);

      // A call that takes 300 ms on its server (everything's long-running operation, read-only: no approval).
      await send(page, `${SLOW_CALL}: {"duration": 0.3, "steps": 1}`);
      await waitForAnswer(page, SLOW_CALL);

      // After a reload the durations come from the checkpoints' timestamps: the real time, not 0 ms.
      await page.reload();
      await expect(page.getByTestId("tool-steps")).toHaveCount(2, { timeout: 20_000 });
      await page.getByTestId("tool-steps").last().click();
      const duration = page.locator(
        `[data-testid="tool-call"][data-tool-name="${SLOW_CALL}"] [data-testid="tool-duration"]`,
      );
      await expect(duration).toHaveText(/\d+(\.\d)? (ms|s)/, { timeout: 20_000 });
      const ms = durationMs((await duration.textContent()) ?? "");
      expect(ms).toBeGreaterThanOrEqual(300);
      expect(ms).toBeLessThan(10_000);
    });

    test("the clarification question is asked once, in its card", async ({ page }) => {
      await page.goto("/");
      await send(page, "ask me which format I want: pdf or html");
      await expect(page.getByTestId("clarification")).toBeVisible({ timeout: 20_000 });
      // The ask_clarification call is in the collapsed steps, so the question is on screen once.
      await expect(page.getByText("Which do you want: pdf or html?", { exact: true })).toHaveCount(1);
    });
  });
}

/** "312 ms", "1.4 s" or "2m 05s" as the steps line shows a duration, in milliseconds. */
function durationMs(text: string): number {
  const m = /^(\d+(?:\.\d+)?) (ms|s)$/.exec(text.trim());
  if (m) return Number(m[1]) * (m[2] === "s" ? 1000 : 1);
  const long = /^(\d+)m (\d+)s$/.exec(text.trim());
  if (long) return (Number(long[1]) * 60 + Number(long[2])) * 1000;
  throw new Error(`not a duration: ${JSON.stringify(text)}`);
}
