import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { newThread, openThreads, send, showSteps, waitForAnswer, warmUpApi } from "./helpers";
import { VIEWPORTS } from "./viewports";

warmUpApi(test);

/** Serious and critical axe violations on the page as it is now, listed by rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1] ?? ""}`));
}

async function setDark(page: Page) {
  const toggle = page.getByTestId("theme-toggle");
  for (let i = 0; i < 3 && (await toggle.getAttribute("data-theme")) !== "dark"; i++) await toggle.click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
}

for (const vp of VIEWPORTS) {
  test.describe(`settings and accessibility (${vp.name})`, () => {
    test.use(vp.use);

    test("dark mode and Chinese are remembered; the main screens are axe clean in both themes", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("empty-state")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await send(page, "calculate: 12*(3+4)");
      await waitForAnswer(page, "workbench_calculate");
      await showSteps(page);
      expect(await seriousViolations(page)).toEqual([]);

      await openThreads(page);
      // Where threads are kept, from /api/persistence: the e2e server uses its SQLite file.
      const storage = page.getByTestId("storage-status");
      await expect(storage).toHaveText("SQLite: ready");
      await expect(storage).toHaveAttribute("data-state", "ok");
      expect(await storage.getAttribute("title")).toMatch(/\.sqlite$/m);
      await setDark(page);
      await page.getByTestId("language-select").selectOption("zh-CN");
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(storage).toHaveText("SQLite 数据库：就绪");
      await expect(page.getByTestId("composer-input")).toHaveAttribute("placeholder", /向 Fawn 提任何问题/);
      expect(await seriousViolations(page)).toEqual([]);

      await page.reload();
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await expect(page.getByTestId("tool-steps")).toContainText("2 个步骤");
      // The search card's "also matched" line is the catalog's too.
      await expect(page.getByTestId("search-not-loaded").first()).toContainText("也匹配到，但未加载：");
      await showSteps(page);
      expect(await seriousViolations(page)).toEqual([]);

      await newThread(page);
      await expect(page.getByTestId("empty-state")).toContainText("Fawn 能帮你做什么");
      await expect(page.getByTestId("starter-prompt").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (vp.name === "phone") {
        await page.getByTestId("tools-toggle").click();
        await expect(page.getByTestId("tools-panel")).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("tools-panel")).toBeHidden();
      }
    });

    test("starter prompts come from the configured tools and send on click", async ({ page }) => {
      await page.goto("/");
      const starters = page.getByTestId("starter-prompt");
      await expect(starters.first()).toBeVisible();
      await expect(starters).toContainText(["calculate: 12*(3+4)", 'echo "hello"']);
      await starters.filter({ hasText: 'echo "hello"' }).click();
      await waitForAnswer(page, "Echo: hello");
      await expect(page.locator('[data-testid="message"][data-role="human"]')).toHaveText('echo "hello"');
      await expect(page.getByTestId("empty-state")).toHaveCount(0);
    });
  });
}
