import { expect, test } from "@playwright/test";
import { send } from "./helpers";

const TEXT = "the uploaded file says: fawns are quiet";

test("an uploaded file is attached to the message, shown as a chip, and read by the agent", async ({ page }) => {
  await page.goto("/");
  await page
    .getByTestId("upload-input")
    .setInputFiles({ name: "field-notes.txt", mimeType: "text/plain", buffer: Buffer.from(`${TEXT}\n`) });
  await expect(page.getByTestId("upload-chip")).toHaveCount(1);
  await expect(page.getByTestId("upload-chip")).toContainText("field-notes.txt");

  await send(page, "read the uploaded file");
  await expect(page.getByTestId("upload-chip")).toHaveCount(0);
  const human = page.locator('[data-testid="message"][data-role="human"]').last();
  await expect(human.getByTestId("message-upload")).toHaveAttribute(
    "data-path",
    "/mnt/user-data/uploads/field-notes.txt",
  );
  // The block that tells the agent about the file is not shown as text.
  await expect(human).not.toContainText("uploaded_files");

  const read = page.locator('[data-testid="tool-call"][data-tool-name="read_file"]');
  await expect(read).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await expect(read).toContainText("/mnt/user-data/uploads/field-notes.txt");
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
  const last = page.getByTestId("message").last();
  await expect(last).toHaveAttribute("data-role", "ai");
  await expect(last).toContainText(TEXT);

  // The thread's files list the upload; the chip survives a reload.
  await page.getByTestId("side-tab-files").click();
  await expect(
    page.locator('[data-testid="uploaded-file"][data-path="/mnt/user-data/uploads/field-notes.txt"]'),
  ).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId("message-upload")).toHaveAttribute(
    "data-path",
    "/mnt/user-data/uploads/field-notes.txt",
  );
});

test("a refused upload is shown, naming the file, and nothing is sent", async ({ page }) => {
  await page.goto("/");
  // One byte over the 25 MB per-file limit.
  const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x61);
  await page.getByTestId("upload-input").setInputFiles({ name: "too-big.log", mimeType: "text/plain", buffer: big });
  await page.getByTestId("composer-input").fill("read this big file");
  await page.getByTestId("send-button").click();
  const error = page.getByTestId("upload-error");
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText('"too-big.log"');
  await expect(error).toContainText(/limit/);
  // The text and the file stay, so the person can remove the file and send again.
  await expect(page.getByTestId("composer-input")).toHaveValue("read this big file");
  await expect(page.getByTestId("upload-chip")).toHaveCount(1);
  await expect(page.locator('[data-testid="message"][data-role="human"]')).toHaveCount(0);
});

test("a file dropped on the composer is attached as a chip and can be removed", async ({ page }) => {
  await page.goto("/");
  const drop = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["dropped text"], "dropped.md", { type: "text/markdown" }));
    return dt;
  });
  const composer = page.locator("form").filter({ has: page.getByTestId("composer-input") });
  await composer.dispatchEvent("dragover", { dataTransfer: drop });
  await composer.dispatchEvent("drop", { dataTransfer: drop });
  const chip = page.getByTestId("upload-chip");
  await expect(chip).toHaveCount(1);
  await expect(chip).toHaveAttribute("data-name", "dropped.md");
  await expect(page.getByTestId("send-button")).toBeEnabled();
  await chip.getByRole("button", { name: "Remove dropped.md" }).click();
  await expect(chip).toHaveCount(0);
  await expect(page.getByTestId("send-button")).toBeDisabled();
});
