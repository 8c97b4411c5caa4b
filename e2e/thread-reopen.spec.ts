import { expect, type Page, test } from "@playwright/test";
import { BRANCHES_KEY } from "../components/lib/branches";
import { send, waitForAnswer, warmUpApi } from "./helpers";

warmUpApi(test);

const answers = (page: Page) => page.locator('[data-testid="message"][data-role="ai"]');

test.describe("a thread opened again", () => {
  test("keeps the version the person chose, across a reload and a reopened link; a stale one is ignored", async ({
    page,
  }) => {
    await page.goto("/");
    await send(page, "hello there");
    await waitForAnswer(page, "Demo model, offline");
    const firstId = await answers(page).last().getAttribute("data-message-id");
    expect(firstId).toBeTruthy();
    const thread = new URL(page.url()).searchParams.get("thread") as string;

    // Regenerate: a second version, shown; then go back to the first.
    await answers(page).last().getByTestId("message-regenerate").click();
    await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
    const switcher = answers(page).getByTestId("branch-switcher");
    await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
    await expect(switcher).toHaveAttribute("data-index", "2");
    await switcher.getByTestId("branch-prev").click();
    await expect(switcher).toHaveAttribute("data-index", "1");
    await expect(answers(page).last()).toHaveAttribute("data-message-id", firstId as string);

    // A reload shows the chosen version, not the latest.
    await page.reload();
    await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
    await expect(switcher).toHaveAttribute("data-index", "1");
    await expect(answers(page).last()).toHaveAttribute("data-message-id", firstId as string);

    // So does the thread's link, opened again after another page.
    await page.goto("/");
    await expect(page.getByTestId("empty-state")).toBeVisible({ timeout: 20_000 });
    await page.goto(`/?thread=${thread}`);
    await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
    await expect(switcher).toHaveAttribute("data-index", "1");
    await expect(answers(page).last()).toHaveAttribute("data-message-id", firstId as string);

    // Choosing the latest again is kept too.
    await switcher.getByTestId("branch-next").click();
    await expect(switcher).toHaveAttribute("data-index", "2");
    const secondId = await answers(page).last().getAttribute("data-message-id");
    expect(secondId).not.toBe(firstId);
    await page.reload();
    await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
    await expect(switcher).toHaveAttribute("data-index", "2");

    // A stored branch that is not in the thread's history (a checkpoint that is gone) is ignored: the latest shows.
    await page.evaluate(
      ([key, id]) => window.localStorage.setItem(key, JSON.stringify({ [id]: "no-such-checkpoint" })),
      [BRANCHES_KEY, thread] as const,
    );
    await page.reload();
    await expect(switcher).toHaveAttribute("data-count", "2", { timeout: 20_000 });
    await expect(switcher).toHaveAttribute("data-index", "2");
    await expect(answers(page).last()).toHaveAttribute("data-message-id", secondId as string);
    // …and no longer kept: the version shown instead is.
    await expect
      .poll(() =>
        page.evaluate(([key, id]) => JSON.parse(window.localStorage.getItem(key) ?? "{}")[id], [BRANCHES_KEY, thread]),
      )
      .not.toBe("no-such-checkpoint");
  });

  test("a message sent from an older version stays on screen, and the thread opens on it again", async ({ page }) => {
    await page.goto("/");
    await send(page, "hello there");
    await waitForAnswer(page, "Demo model, offline");
    const firstId = await answers(page).last().getAttribute("data-message-id");
    await answers(page).last().getByTestId("message-regenerate").click();
    await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
    const switcher = answers(page).first().getByTestId("branch-switcher");
    await expect(switcher).toHaveAttribute("data-index", "2", { timeout: 20_000 });
    await switcher.getByTestId("branch-prev").click();
    await expect(answers(page).first()).toHaveAttribute("data-message-id", firstId as string);

    // A follow-up from version 1: it continues version 1, which stays on screen with it (it jumped to version 2).
    await send(page, 'echo "follow-up one"');
    await waitForAnswer(page, "follow-up one");
    await expect(switcher).toHaveAttribute("data-index", "1");
    await expect(answers(page).first()).toHaveAttribute("data-message-id", firstId as string);

    // Reopened with nothing kept in the browser, the thread shows where it was last continued.
    await page.evaluate((key) => window.localStorage.removeItem(key), BRANCHES_KEY);
    await page.reload();
    await expect(page.locator('[data-testid="message"][data-role="human"]').last()).toContainText("follow-up one", {
      timeout: 20_000,
    });
    await expect(switcher).toHaveAttribute("data-index", "1");
  });

  test("a link to a deleted thread says so, with no 404 left unhandled in the console", async ({ page, request }) => {
    const created = await (await request.post("/api/langgraph/threads", { data: {} })).json();
    const thread = created.thread_id as string;
    expect((await request.delete(`/api/langgraph/threads/${thread}`)).status()).toBe(204);

    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    await page.goto(`/?thread=${thread}`);
    await expect(page.getByTestId("missing-thread")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("send-button")).toBeDisabled();
    await expect(page.getByTestId("stream-error")).toHaveCount(0);
    // Give a late rejection its time to be reported, while the screen still says the thread is gone.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await expect(page.getByTestId("missing-thread")).toBeVisible();
    expect(problems.filter((p) => /404|not found/i.test(p))).toEqual([]);
  });
});
