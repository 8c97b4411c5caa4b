import { expect, test } from "@playwright/test";
import { send } from "./helpers";

test("the agent asks which format; the question survives a reload and the answer resumes the run", async ({ page }) => {
  await page.goto("/");
  await send(page, "ask me which format I want: pdf or html");

  const question = page.getByTestId("clarification");
  await expect(question).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("clarification-question")).toContainText(/pdf.*html/);
  await expect(page.getByTestId("clarification-option")).toHaveText(["pdf", "html"]);
  await expect(page.getByTestId("stop-button")).toHaveCount(0);

  // The thread is paused on the interrupt: a reload asks the same question again.
  const threadId = new URL(page.url()).searchParams.get("thread");
  expect(threadId).toBeTruthy();
  const thread = await page.request.get(`/api/langgraph/threads/${threadId}`);
  expect((await thread.json()).status).toBe("interrupted");
  await page.reload();
  await expect(page.getByTestId("clarification-question")).toContainText(/pdf.*html/, { timeout: 20_000 });
  await expect(page.getByTestId("composer-input")).toHaveAttribute("placeholder", /Answer the question/);

  await page
    .getByTestId("clarification-option")
    .filter({ hasText: /^html$/ })
    .click();
  const asked = page.locator('[data-testid="tool-call"][data-tool-name="ask_clarification"]');
  await expect(asked).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("clarification")).toHaveCount(0);
  const last = page.getByTestId("message").last();
  await expect(last).toHaveAttribute("data-role", "ai");
  await expect(last).toContainText("html");
  const after = await page.request.get(`/api/langgraph/threads/${threadId}`);
  expect((await after.json()).status).toBe("idle");
});
