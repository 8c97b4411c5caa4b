import { expect, type Page, test } from "@playwright/test";

test.use({ viewport: { width: 390, height: 844 } });

/** Where focus is: the drawer it is in ("threads", "side"), "main", or "none". */
const focusIn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "none";
    const drawer = el.closest("[data-drawer]")?.getAttribute("data-drawer");
    return drawer ?? (el.closest("main") ? "main" : "other");
  });

test("on a phone a drawer is a dialog: focus goes in, Tab stays in, Escape gives it back", async ({ page }) => {
  await page.goto("/");
  for (const [toggle, drawer] of [
    ["threads-toggle", "threads"],
    ["tools-toggle", "side"],
  ] as const) {
    const button = page.getByTestId(toggle);
    await button.click();
    const dialog = page.locator(`[data-drawer="${drawer}"]`);
    await expect(dialog).toHaveAttribute("role", "dialog");
    await expect.poll(() => focusIn(page)).toBe(drawer);
    // The page behind is out of reach: Tab never lands in it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIn(page)).not.toBe("main");
    }
    await expect(page.locator("main")).toHaveAttribute("inert", "");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("main")).not.toHaveAttribute("inert", "");
    await expect(button).toBeFocused();
  }
});

test("on a wide window the panels are not dialogs and nothing is inert", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.locator('[data-drawer="threads"]')).toBeVisible();
  await expect(page.locator('[data-drawer="threads"]')).not.toHaveAttribute("role", "dialog");
  await expect(page.locator('[data-drawer="side"]')).not.toHaveAttribute("role", "dialog");
  await expect(page.locator("main")).not.toHaveAttribute("inert", "");
});

test("the side panel's tabs move with the arrow keys, each naming its panel", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const tools = page.getByTestId("side-tab-tools");
  await tools.focus();
  await page.keyboard.press("ArrowRight");
  const files = page.getByTestId("side-tab-files");
  await expect(files).toBeFocused();
  await expect(files).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Files" })).toBeVisible();
  await page.keyboard.press("End");
  await expect(page.getByTestId("side-tab-servers")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tools).toBeFocused();
  await expect(tools).toHaveAttribute("tabindex", "0");
  await expect(files).toHaveAttribute("tabindex", "-1");
});
