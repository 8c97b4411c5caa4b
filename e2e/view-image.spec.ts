import { expect, test } from "@playwright/test";
import { send, waitForAnswer } from "./helpers";

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("an uploaded image is given to the vision-capable model with view_image", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("upload-input").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
  await send(page, "look at the image I uploaded");
  const card = page.locator('[data-testid="tool-call"][data-tool-name="view_image"]');
  await expect(card).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await expect(card).toContainText("/mnt/user-data/uploads/dot.png");
  await waitForAnswer(page, "image/png");
});
