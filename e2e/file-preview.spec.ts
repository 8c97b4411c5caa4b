import { expect, test } from "@playwright/test";

/** A thread with two uploads the panel cannot show as they are: text over the preview limit, a damaged image. */
test("a file too large to preview, or an image the browser cannot read, says so", async ({ page, request }) => {
  const thread = ((await (await request.post("/api/langgraph/threads", { data: {} })).json()) as { thread_id: string })
    .thread_id;
  const big = Buffer.alloc(600 * 1024, "line of a long log\n");
  const broken = Buffer.from("\x89PNG\r\n\x1a\nthis is not really an image");
  const res = await request.post(`/api/files/${thread}/uploads`, {
    multipart: {
      file: { name: "big.log", mimeType: "text/plain", buffer: big },
    },
  });
  expect(res.status()).toBeLessThan(300);
  const res2 = await request.post(`/api/files/${thread}/uploads`, {
    multipart: { file: { name: "chart.png", mimeType: "image/png", buffer: broken } },
  });
  expect(res2.status()).toBeLessThan(300);

  await page.goto(`/?thread=${thread}`);
  await page.getByTestId("side-tab-files").click();
  const open = async (name: string) => {
    const row = page.locator(`[data-testid="uploaded-file"][data-path="/mnt/user-data/uploads/${name}"]`);
    await row.getByRole("button").first().click();
  };

  await open("big.log");
  await expect(page.getByTestId("artifact-no-preview")).toHaveAttribute("data-kind", "too_large");
  await expect(page.getByTestId("artifact-no-preview")).toContainText("Too large to preview here (over 512 KB)");
  await page.getByTestId("artifact-back").click();

  await open("chart.png");
  await expect(page.getByTestId("artifact-image-broken")).toContainText("This image cannot be shown");
});
