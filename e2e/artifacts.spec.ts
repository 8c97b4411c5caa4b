import { expect, test } from "@playwright/test";
import { send } from "./helpers";

const PROMPT = 'write a note to notes.md saying "hello artifacts" and show it';

test("a file the agent writes and presents is listed, previewed and downloadable", async ({ page }, testInfo) => {
  await page.goto("/");
  await send(page, PROMPT);
  // write_file waits for approval under the shipped config (approvals.default: destructive).
  await page.getByTestId("approval-approve").click();

  const write = page.locator('[data-testid="tool-call"][data-tool-name="write_file"]');
  await expect(write).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  const present = page.locator('[data-testid="tool-call"][data-tool-name="present_files"]');
  await expect(present).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });

  // Presenting a file during the run brings the files tab forward.
  const panel = page.getByTestId("artifacts-panel");
  await expect(panel).toBeVisible();
  const note = panel.locator('[data-testid="artifact"][data-path$="/outputs/notes.md"]');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText("notes.md");
  await note.getByRole("button").first().click();

  const preview = page.getByTestId("artifact-preview");
  await expect(preview).toContainText("hello artifacts");
  await page.screenshot({ path: testInfo.outputPath("artifact-preview.png") });
  await testInfo.attach("artifact preview", {
    path: testInfo.outputPath("artifact-preview.png"),
    contentType: "image/png",
  });

  const href = await page.getByTestId("artifact-download").getAttribute("href");
  expect(href).toMatch(/&download=1$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(/^attachment;.*filename="notes\.md"/);
  expect(await res.text()).toContain("hello artifacts");

  // A reload lists the presented file again, from the server.
  await page.reload();
  await page.getByTestId("side-tab-files").click();
  await expect(page.locator('[data-testid="artifact"][data-path$="/outputs/notes.md"]')).toHaveCount(1);

  // On a narrow window the files are a drawer behind the header's Files button.
  await page.setViewportSize({ width: 420, height: 800 });
  await expect(page.getByTestId("artifacts-panel")).toBeHidden();
  await page.getByTestId("files-toggle").click();
  const narrow = page.locator('[data-testid="artifact"][data-path$="/outputs/notes.md"]');
  await expect(narrow).toBeVisible();
  await narrow.getByRole("button").first().click();
  await expect(page.getByTestId("artifact-preview")).toContainText("hello artifacts");
  await page.screenshot({ path: testInfo.outputPath("artifact-preview-narrow.png") });
});
