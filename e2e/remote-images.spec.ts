import { expect, type Page, test } from "@playwright/test";
import { send } from "./helpers";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Requests the page makes to any host but this machine. */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if ((url.protocol === "http:" || url.protocol === "https:") && !LOOPBACK.has(url.hostname)) foreign.push(r.url());
  });
  return foreign;
}

test("a markdown image in a previewed file is a link: no request leaves for its host, and the page has a CSP", async ({
  page,
}) => {
  const foreign = foreignRequests(page);
  const res = await page.goto("/");
  const csp = res?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("img-src 'self' data: blob:");
  expect(csp).toMatch(/script-src 'self' 'nonce-/);

  await send(page, 'write a note to pixel.md saying "![pixel](http://images.example/p.png?d=secret)" and show it');
  // write_file waits for approval under the shipped config (approvals.default: destructive).
  await page.getByTestId("approval-approve").click();
  const present = page.locator('[data-testid="tool-call"][data-tool-name="present_files"]');
  await expect(present).toHaveAttribute("data-status", "ok", { timeout: 30_000 });
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });

  const note = page.locator('[data-testid="artifact"][data-path$="/outputs/pixel.md"]');
  await expect(note).toHaveCount(1);
  await note.getByRole("button").first().click();
  const preview = page.getByTestId("artifact-preview");
  const link = preview.getByTestId("markdown-image-link");
  await expect(link).toHaveAttribute("href", "http://images.example/p.png?d=secret");
  await expect(preview.locator("img")).toHaveCount(0);
  expect(foreign).toEqual([]);
});

test("a markdown image in a chat message is a link, not an <img>: no request leaves for its host", async ({ page }) => {
  const foreign = foreignRequests(page);
  await page.goto("/");
  await send(page, "ask me which format I want: pdf or html");
  await expect(page.getByTestId("clarification")).toBeVisible({ timeout: 20_000 });
  // A typed answer to the question, which the demo model repeats in its markdown reply.
  await page.getByTestId("clarification-input").fill("![pixel](http://images.example/chat.png?d=secret)");
  await page.getByTestId("clarification-submit").click();
  const answer = page.locator('[data-testid="message"][data-role="ai"]').filter({ hasText: "You chose" }).last();
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
  const link = answer.getByTestId("markdown-image-link");
  await expect(link).toHaveAttribute("href", "http://images.example/chat.png?d=secret");
  // The only picture in the message is the app's own avatar.
  expect(await answer.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")))).toEqual([
    "/favicon.svg",
  ]);
  await expect(page.locator('img[src*="images.example"]')).toHaveCount(0);
  expect(foreign).toEqual([]);
});
