import { expect, test } from "@playwright/test";
import { newThread, openThreads, send, waitForAnswer, warmUpApi } from "./helpers";
import { VIEWPORTS } from "./viewports";

warmUpApi(test);

for (const vp of VIEWPORTS) {
  test.describe(`threads (${vp.name})`, () => {
    test.use(vp.use);

    test("rename and search; titles from the first message; actions visible on touch", async ({ page }) => {
      // Words and numbers of this test only: other specs share the server's thread list.
      const animal = `penguins${vp.name}`;
      const factor = vp.name === "desktop" ? 3 : 4;
      const product = String(1234 * factor);
      await page.goto("/");
      await send(page, `calculate: 1234*${factor}`);
      await waitForAnswer(page, "workbench_calculate");
      await newThread(page);
      await send(page, `echo "${animal}"`);
      await waitForAnswer(page, animal);
      const current = new URL(page.url()).searchParams.get("thread") as string;

      await openThreads(page);
      const item = page.locator(`[data-testid="thread-item"][data-thread-id="${current}"]`);
      await expect(item.getByTestId("thread-title")).toHaveText(`echo "${animal}"`);
      if (vp.name === "phone") {
        // No hover on a touch screen: rename and delete are simply there.
        await expect(item.getByTestId("delete-thread")).toHaveCSS("opacity", "1");
      } else {
        await item.hover();
      }
      await item.getByTestId("thread-rename").click();
      await page.getByTestId("thread-rename-input").fill(`Facts about ${animal}`);
      await page.getByTestId("thread-rename-input").press("Enter");
      await expect(item.getByTestId("thread-title")).toHaveText(`Facts about ${animal}`);

      // Search matches titles and what was said.
      const search = page.getByTestId("thread-search");
      await search.fill(`FACTS ${animal}`);
      await expect(page.getByTestId("thread-item")).toHaveCount(1);
      await search.fill(product);
      await expect(page.getByTestId("thread-item")).toHaveCount(1);
      await expect(page.getByTestId("thread-title")).toContainText(`calculate: 1234*${factor}`);
      await search.fill("");
      expect(await page.getByTestId("thread-item").count()).toBeGreaterThanOrEqual(2);

      // The name is the thread's own (metadata): it survives a reload.
      await page.reload();
      await openThreads(page);
      await expect(item.getByTestId("thread-title")).toHaveText(`Facts about ${animal}`);
      await expect(page.getByTestId("thread-heading")).toHaveText(`Facts about ${animal}`);
    });
  });
}

test("a stopped run is idle, not waiting; Escape stops; Ctrl+K starts a new thread; one Tab stop for the list", async ({
  page,
}) => {
  await page.goto("/");
  const input = page.getByTestId("composer-input");
  await expect(input).toBeFocused();
  await send(page, "calculate: 2*21");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 20_000 });
  const id = new URL(page.url()).searchParams.get("thread") as string;
  await page.reload();
  const item = page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`);
  await expect(item).toHaveAttribute("data-status", "idle");
  await expect(item.getByTestId("thread-status-dot")).toHaveCount(0);

  await page.keyboard.press("Control+k");
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await expect(input).toBeFocused();

  // From the search box, Tab enters the list once and the next Tab leaves it.
  await page.getByTestId("thread-search").focus();
  await page.keyboard.press("Tab");
  await expect(page.locator('[data-testid="thread-item"] [data-role="open"]').first()).toBeFocused();
  await page.keyboard.press("Tab");
  const inList = await page.evaluate(() => !!document.activeElement?.closest('[data-testid="thread-item"]'));
  expect(inList).toBe(false);
});
