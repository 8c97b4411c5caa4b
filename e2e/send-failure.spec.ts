import { expect, test } from "@playwright/test";
import { newThread, openThreads, send, waitForAnswer, warmUpApi } from "./helpers";
import { VIEWPORTS } from "./viewports";

warmUpApi(test);

for (const vp of VIEWPORTS) {
  test.describe(`sends that never lose text (${vp.name})`, () => {
    test.use(vp.use);

    test("a network failure keeps the draft and explains; Retry sends it", async ({ page }) => {
      await page.goto("/");
      const input = page.getByTestId("composer-input");
      await page.route("**/runs/stream", (route) => route.abort("internetdisconnected"));
      await input.fill('echo "kept safe"');
      await page.getByTestId("send-button").click();

      await expect(page.getByTestId("send-error")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("send-error")).toContainText("could not be reached");
      await expect(input).toHaveValue('echo "kept safe"');
      await expect(page.locator('[data-testid="message"][data-role="human"]')).toHaveCount(0);
      await expect(page.getByTestId("stream-error")).toHaveCount(0);

      await page.unroute("**/runs/stream");
      await page.getByTestId("send-retry").click();
      await waitForAnswer(page, "kept safe");
      await expect(input).toHaveValue("");
      await expect(page.locator('[data-testid="message"][data-role="human"]')).toHaveCount(1);
    });

    test("drafts are per thread", async ({ page }) => {
      await page.goto("/");
      await send(page, "hello there");
      await waitForAnswer(page, "Demo model, offline");
      const first = new URL(page.url()).searchParams.get("thread");
      const input = page.getByTestId("composer-input");
      await input.fill("a draft for the first thread");

      await newThread(page);
      await expect(input).toHaveValue("");
      await input.fill("a draft for a new one");

      await openThreads(page);
      await page.locator(`[data-testid="thread-item"][data-thread-id="${first}"] [data-role="open"]`).click();
      await expect(input).toHaveValue("a draft for the first thread");
      await newThread(page);
      await expect(input).toHaveValue("a draft for a new one");

      // A reload, or the thread's link opened again, finds its draft too.
      await page.goto(`/?thread=${first}`);
      await expect(input).toHaveValue("a draft for the first thread", { timeout: 20_000 });
      await page.reload();
      await expect(input).toHaveValue("a draft for the first thread", { timeout: 20_000 });
    });

    test("a link to a thread that does not exist says so and offers a new one", async ({ page }) => {
      await page.goto("/?thread=0190c0de-0000-7000-8000-000000000000");
      await expect(page.getByTestId("missing-thread")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("composer-input")).toHaveAttribute("placeholder", /no longer exists/);
      await expect(page.getByTestId("send-button")).toBeDisabled();
      await openThreads(page);
      await expect(
        page.locator('[data-testid="thread-item"][data-thread-id="0190c0de-0000-7000-8000-000000000000"]'),
      ).toHaveCount(0);
      await expect(page.getByTestId("stream-error")).toHaveCount(0);
      if (vp.name === "phone") {
        // Escape closes the threads drawer.
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("thread-search")).toBeHidden();
      }
      await page.getByTestId("missing-thread-new").click();
      await expect(page.getByTestId("empty-state")).toBeVisible();
      expect(new URL(page.url()).searchParams.get("thread")).toBeNull();
    });

    test("a link with a thread id no thread can have says the same, with no raw error and no phantom thread", async ({
      page,
    }) => {
      await page.goto("/?thread=garbage%3Cb%3E");
      await expect(page.getByTestId("missing-thread")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("send-button")).toBeDisabled();
      await expect(page.getByTestId("stream-error")).toHaveCount(0);
      await expect(page.getByText(/must be 1-128 characters/)).toHaveCount(0);
      await openThreads(page);
      await expect(page.locator('[data-testid="thread-item"] [aria-current="page"]')).toHaveCount(0);
      if (vp.name === "phone") await page.keyboard.press("Escape");
      await page.getByTestId("missing-thread-new").click();
      await expect(page.getByTestId("empty-state")).toBeVisible();
    });
  });
}
