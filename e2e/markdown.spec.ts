import { expect, test } from "@playwright/test";
import { send, waitForAnswer, warmUpApi } from "./helpers";
import { VIEWPORTS } from "./viewports";

warmUpApi(test);

for (const vp of VIEWPORTS) {
  test.describe(`markdown (${vp.name})`, () => {
    test.use({ ...vp.use, permissions: ["clipboard-read", "clipboard-write"] });

    test("a table, a task list, highlighted code with its language and copy, and math render", async ({ page }) => {
      await page.goto("/");
      await send(page, "show me some markdown");
      await waitForAnswer(page, "Demo model, offline");
      const answer = page.locator('[data-testid="message"][data-role="ai"]').last();

      await expect(answer.locator("table th")).toHaveText(["tool", "what it does"]);
      await expect(answer.locator("table tbody tr")).toHaveCount(2);
      const boxes = answer.locator('li input[type="checkbox"]');
      await expect(boxes).toHaveCount(2);
      await expect(boxes.first()).toBeChecked();
      await expect(answer.locator("del")).toHaveText("nothing else");

      const code = answer.getByTestId("code-block");
      await expect(code).toHaveAttribute("data-language", "ts");
      await expect(code.getByTestId("code-language")).toHaveText("ts");
      await expect(code.locator('code[data-highlighted="true"] .hljs-keyword').first()).toHaveText("const");
      await code.getByTestId("code-copy").click();
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe("const answer: number = 12 * (3 + 4); // 84");

      // KaTeX is fetched only now, for this message, and typesets the formula.
      await expect(answer.locator(".katex").first()).toBeVisible();
      // Raw HTML never renders: nothing but the markdown's own elements.
      await expect(answer.locator(".markdown").locator("script, iframe, img")).toHaveCount(0);
    });
  });
}
