import { expect, test } from "@playwright/test";
import { send } from "./helpers";

test("a delegated task shows as a subtask card with live progress; its promotions stay out of the lead thread", async ({
  page,
}) => {
  await page.goto("/");
  await send(page, 'delegate to a subagent: echo "from the sub"');

  const card = page.getByTestId("subtask-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId("subtask-description")).toContainText("echo");
  await expect(card).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(card.getByTestId("subtask-result")).toContainText("Echo: from the sub");
  // Progress arrived live as custom stream events: the subagent started and finished.
  await expect(card.locator('[data-testid="subtask-event"][data-status="running"]')).toHaveCount(1);
  await expect(card.locator('[data-testid="subtask-event"][data-status="done"]')).toHaveCount(1);
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });

  // The subagent promoted the echo tool on its own state: the lead thread has nothing promoted.
  const panel = page.getByTestId("tools-panel");
  await page.getByTestId("side-tab-tools").click();
  await expect(panel.locator('[data-testid="deferred-tool"]').first()).toBeVisible();
  await expect(panel.locator('[data-testid="promoted-tool"]')).toHaveCount(0);
  const threadId = new URL(page.url()).searchParams.get("thread");
  const state = await (await page.request.get(`/api/langgraph/threads/${threadId}/state`)).json();
  expect(state.values.promoted?.names ?? []).toEqual([]);

  // After a reload the card is rebuilt from the saved tool result.
  await page.reload();
  const again = page.getByTestId("subtask-card");
  await expect(again).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  await expect(again.getByTestId("subtask-result")).toContainText("Echo: from the sub");
  await expect(panel.locator('[data-testid="promoted-tool"]')).toHaveCount(0);
});
