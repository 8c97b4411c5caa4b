import { expect, type Page, test } from "@playwright/test";
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

    test("a stopped run is idle, not waiting; Escape stops; Ctrl+K starts a new thread; one Tab stop for the list", async ({
      page,
    }) => {
      await page.goto("/");
      const input = page.getByTestId("composer-input");
      // With a keyboard the composer has focus at once; a phone keeps its on-screen keyboard down until tapped.
      if (vp.name === "desktop") await expect(input).toBeFocused();
      else await expect(input).not.toBeFocused();
      // Escape while a 5 s call runs: the run stops before its answer.
      await send(page, `${SLOW_CALL}: {"duration": 5, "steps": 5}`);
      await expect(page.locator(`[data-testid="tool-call"][data-tool-name="${SLOW_CALL}"]`)).toBeAttached({
        timeout: 20_000,
      });
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId("no-answer")).toBeVisible();
      // A second turn stopped too: the first keeps saying it got no answer; only the last offers Regenerate.
      await send(page, `${SLOW_CALL}: {"duration": 5, "steps": 5}`);
      await expect(page.getByTestId("stop-button")).toBeVisible({ timeout: 20_000 });
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId("no-answer")).toHaveCount(1);
      await expect(page.getByTestId("no-answer-earlier")).toHaveCount(1);
      const id = threadOf(page);
      await page.reload();
      await expect(page.getByTestId("no-answer-earlier")).toHaveCount(1, { timeout: 20_000 });
      await expect(page.getByTestId("no-answer")).toHaveCount(1);
      await openThreads(page);
      const item = itemOf(page, id);
      await expect(item).toHaveAttribute("data-status", "idle");
      await expect(item.getByTestId("thread-status-dot")).toHaveCount(0);

      await page.keyboard.press("Control+k");
      await expect(page.getByTestId("empty-state")).toBeVisible();
      if (vp.name === "desktop") await expect(input).toBeFocused();

      // From the search box, Tab enters the list once and the next Tab leaves it.
      await openThreads(page);
      await page.getByTestId("thread-search").focus();
      await page.keyboard.press("Tab");
      await expect(page.locator('[data-testid="thread-item"] [data-role="open"]').first()).toBeFocused();
      await page.keyboard.press("Tab");
      const inList = await page.evaluate(() => !!document.activeElement?.closest('[data-testid="thread-item"]'));
      expect(inList).toBe(false);
    });

    test("keyboard: Enter sends and Shift+Enter breaks the line; arrows move in the list, Enter opens, F2 renames, Delete deletes", async ({
      page,
    }) => {
      const word = `kbd${vp.name}`;
      await page.goto("/");
      const input = page.getByTestId("composer-input");
      await input.click();
      await page.keyboard.type(`echo "${word} one"`);
      await page.keyboard.press("Shift+Enter");
      await page.keyboard.type("and a second line");
      await expect(input).toHaveValue(`echo "${word} one"\nand a second line`);
      await expect(page.getByTestId("message")).toHaveCount(0);
      await page.keyboard.press("Enter");
      const human = page.locator('[data-testid="message"][data-role="human"]');
      await expect(human).toHaveCount(1);
      expect(await human.textContent()).toContain(`echo "${word} one"\nand a second line`);
      await waitForAnswer(page, `Echo: ${word} one`);
      await expect(input).toHaveValue("");
      const first = threadOf(page);

      await page.keyboard.press("Control+k");
      await expect(page.getByTestId("empty-state")).toBeVisible();
      await input.click();
      await page.keyboard.type(`echo "${word} two"`);
      await page.keyboard.press("Enter");
      await waitForAnswer(page, `Echo: ${word} two`);
      const second = threadOf(page);

      // One Tab stop: the open thread; the arrows move between threads and Enter opens one.
      await openThreads(page);
      const search = page.getByTestId("thread-search");
      await search.fill(word);
      await expect(page.getByTestId("thread-item")).toHaveCount(2);
      const open = (id: string) => itemOf(page, id).locator('[data-role="open"]');
      await search.focus();
      await page.keyboard.press("Tab");
      await expect(open(second)).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(open(first)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(open(second)).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect(page.locator('[data-testid="message"][data-role="human"]')).toContainText(`${word} one`);
      expect(threadOf(page)).toBe(first);
      // Switching to a thread puts the caret in the composer (a phone closes the drawer instead).
      if (vp.name === "desktop") await expect(input).toBeFocused();
      else await expect(search).toBeHidden();

      // F2 renames the focused thread.
      await openThreads(page);
      await search.focus();
      await page.keyboard.press("Tab");
      await expect(open(first)).toBeFocused();
      await page.keyboard.press("F2");
      const rename = page.getByTestId("thread-rename-input");
      await expect(rename).toBeFocused();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(`Renamed ${word}`);
      await page.keyboard.press("Enter");
      await expect(itemOf(page, first).getByTestId("thread-title")).toHaveText(`Renamed ${word}`);
      // The keyboard stays in the list: back on the row, not on the page's body.
      await expect(open(first)).toBeFocused();
      await page.keyboard.press("F2");
      await expect(rename).toBeFocused();
      await page.keyboard.type(" not kept");
      await page.keyboard.press("Escape");
      await expect(open(first)).toBeFocused();
      await expect(itemOf(page, first).getByTestId("thread-title")).toHaveText(`Renamed ${word}`);

      // Delete asks first; Tab reaches the confirmation and Enter deletes.
      await search.focus();
      await page.keyboard.press("Tab");
      await expect(open(first)).toBeFocused();
      await page.keyboard.press("Delete");
      const confirm = itemOf(page, first).getByTestId("confirm-delete");
      await expect(confirm).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(confirm).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(itemOf(page, first)).toHaveCount(0);
      await expect(page.getByTestId("thread-item")).toHaveCount(1);
      // After a delete the keyboard is not left on the page's body: the neighbouring row has it, unless the open
      // thread was the one deleted and a new thread opened with the caret in its composer (desktop).
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              document.activeElement?.getAttribute("data-testid") ??
              document.activeElement?.getAttribute("data-role") ??
              document.activeElement?.tagName,
          ),
        )
        .toMatch(vp.name === "desktop" ? /^(composer-input|open)$/ : /^open$/);
      await expect(page.getByTestId("empty-state")).toBeVisible();
      if (vp.name === "phone") {
        // Escape closes the threads drawer.
        await page.keyboard.press("Escape");
        await expect(search).toBeHidden();
      }
    });

    test("status dots: running, waiting for an answer, idle; a new thread is titled as soon as it is sent", async ({
      page,
    }) => {
      await page.goto("/");
      const slow = `${SLOW_CALL}: {"duration": 6, "steps": 3}`;
      await send(page, slow);
      await expect(page).toHaveURL(/thread=/);
      const running = threadOf(page);
      await openThreads(page);
      const item = itemOf(page, running);
      // Before the answer: titled from the message, with the running dot.
      await expect(item.getByTestId("thread-title")).toContainText(SLOW_CALL);
      await expect(item).toHaveAttribute("data-status", "busy");
      await expect(item.getByTestId("thread-status-dot")).toHaveAttribute("title", "running");
      await expect(page.getByTestId("stop-button")).toBeVisible();
      await expect(page.locator('[data-testid="message"][data-role="ai"]')).toHaveCount(0);

      // From another thread, the list says what the server says: still running.
      await page.keyboard.press("Control+k");
      await openThreads(page);
      await expect(item).toHaveAttribute("data-status", "busy");
      await item.locator('[data-role="open"]').click();
      await waitForAnswer(page, "Long running operation completed");
      await openThreads(page);
      await expect(item).toHaveAttribute("data-status", "idle");
      await expect(item.getByTestId("thread-status-dot")).toHaveCount(0);

      // A question waiting for the person: the waiting dot, after a reload too; answered: idle.
      await newThread(page);
      await send(page, "ask me which format I want: pdf or html");
      await expect(page.getByTestId("clarification")).toBeVisible({ timeout: 20_000 });
      const asking = itemOf(page, threadOf(page));
      await openThreads(page);
      await expect(asking).toHaveAttribute("data-status", "interrupted");
      await expect(asking.getByTestId("thread-status-dot")).toHaveAttribute("title", "waiting for your answer");
      await page.reload();
      await openThreads(page);
      await expect(asking).toHaveAttribute("data-status", "interrupted");
      if (vp.name === "phone") await page.keyboard.press("Escape");
      await page
        .getByTestId("clarification-option")
        .filter({ hasText: /^html$/ })
        .click();
      await expect(page.getByTestId("clarification")).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
      await openThreads(page);
      await expect(asking).toHaveAttribute("data-status", "idle");
      await expect(asking.getByTestId("thread-status-dot")).toHaveCount(0);
    });

    test("dates in the list are relative and move on with the clock", async ({ page }) => {
      const title = `Dated ${vp.name}`;
      const created = await page.request.post("/api/langgraph/threads", {
        data: { metadata: { graph_id: "lead_agent", title } },
      });
      const id = ((await created.json()) as { thread_id: string }).thread_id;
      await page.clock.install();
      await page.goto("/");
      await openThreads(page);
      const when = itemOf(page, id).getByTestId("thread-meta");
      await expect(itemOf(page, id).getByTestId("thread-title")).toHaveText(title);
      await expect(when).toHaveText("just now");
      await page.clock.fastForward("10:00");
      await expect(when).toHaveText("10 min ago");
      await page.clock.fastForward("03:00:00");
      await expect(when).toHaveText("3 h ago");
      await page.clock.fastForward(2 * 86_400_000);
      await expect(when).toHaveText("2 d ago");
    });
  });
}

const SLOW_CALL = "everything_trigger-long-running-operation";

function threadOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get("thread");
  if (!id) throw new Error(`no thread in ${page.url()}`);
  return id;
}

function itemOf(page: Page, id: string) {
  return page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`);
}
