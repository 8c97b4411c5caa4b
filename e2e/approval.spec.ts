import { expect, type Page, test } from "@playwright/test";
import { send, waitForAnswer } from "./helpers";

/** The thread's output files, from the server. */
async function outputs(page: Page): Promise<string[]> {
  const threadId = new URL(page.url()).searchParams.get("thread");
  const res = await page.request.get(`/api/files/${threadId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()).outputs as Array<{ path: string }>).map((o) => o.path);
}

async function fileText(page: Page, path: string): Promise<string> {
  const threadId = new URL(page.url()).searchParams.get("thread");
  const res = await page.request.get(`/api/files/${threadId}/content?path=${encodeURIComponent(path)}`);
  expect(res.status()).toBe(200);
  return res.text();
}

const writeCall = (page: Page) => page.locator('[data-testid="tool-call"][data-tool-name="write_file"]');

test("a write_file call waits for approval, survives a reload, and runs once approved", async ({ page }) => {
  await page.goto("/");
  await send(page, 'write a note to approved.md saying "approved text"');

  const card = page.getByTestId("approval-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId("approval-tool")).toHaveText("write_file");
  await expect(card.getByTestId("approval-why")).toContainText("creates or overwrites a file");
  await expect(card.getByTestId("approval-args")).toContainText("/mnt/user-data/outputs/approved.md");
  await expect(writeCall(page)).toHaveAttribute("data-status", "waiting");
  await expect(page.getByTestId("composer-input")).toHaveAttribute("placeholder", /Approve, edit or reject/);
  expect(await outputs(page)).toEqual([]);

  // The pause is the thread's state: a reload shows the same request.
  await page.reload();
  await expect(page.getByTestId("approval-args")).toContainText("approved.md", { timeout: 20_000 });

  await page.getByTestId("approval-approve").click();
  await expect(writeCall(page)).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await waitForAnswer(page, "write_file");
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
  expect(await outputs(page)).toEqual(["/mnt/user-data/outputs/approved.md"]);
  expect(await fileText(page, "/mnt/user-data/outputs/approved.md")).toBe("approved text");
});

test("a rejected write_file call does not run, and the agent is told why", async ({ page }) => {
  await page.goto("/");
  await send(page, 'write a note to rejected.md saying "never"');
  await expect(page.getByTestId("approval-card")).toBeVisible({ timeout: 20_000 });

  await page.getByTestId("approval-reject").click();
  await page.getByTestId("approval-reject-reason").fill("not today");
  await page.getByTestId("approval-reject-submit").click();

  await expect(writeCall(page)).toHaveAttribute("data-status", "error", { timeout: 20_000 });
  await waitForAnswer(page, "did not run");
  await expect(page.getByTestId("message").last()).toContainText('You said: "not today"');
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
  expect(await outputs(page)).toEqual([]);
});

test("an edit is checked against the tool's schema and runs with the edited arguments", async ({ page }) => {
  await page.goto("/");
  await send(page, 'write a note to draft.md saying "draft"');
  await expect(page.getByTestId("approval-card")).toBeVisible({ timeout: 20_000 });

  await page.getByTestId("approval-edit").click();
  const editor = page.getByTestId("approval-editor");
  const submit = page.getByTestId("approval-edit-submit");
  await editor.fill('{"path": ');
  await expect(page.getByTestId("approval-editor-error")).toContainText("Not valid JSON");
  await expect(submit).toBeDisabled();
  await editor.fill('{"path": 7, "content": "x"}');
  await expect(page.getByTestId("approval-editor-error")).toHaveText(
    'write_file: field "path": expected string, got number',
  );
  await expect(submit).toBeDisabled();
  await editor.fill('{"path": "/mnt/user-data/outputs/final.md", "content": "edited text"}');
  await expect(page.getByTestId("approval-editor-error")).toHaveCount(0);
  await submit.click();

  await expect(writeCall(page)).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await waitForAnswer(page, "final.md");
  expect(await outputs(page)).toEqual(["/mnt/user-data/outputs/final.md"]);
  expect(await fileText(page, "/mnt/user-data/outputs/final.md")).toBe("edited text");
});
