import { expect, test } from "@playwright/test";
import { send, showSteps, waitForAnswer } from "./helpers";

test("a deferred MCP tool is found, promoted live, run, and everything survives a reload", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  const panel = page.getByTestId("tools-panel");
  await expect(panel).toBeVisible();
  const calc = "calculate: 12*(3+4)";
  await expect(panel.locator('[data-testid="deferred-tool"][data-tool-name="workbench_calculate"]')).toHaveCount(1);
  await expect(panel.locator('[data-testid="promoted-tool"]')).toHaveCount(0);
  // The shipped config's listing is auto: its deferred names fit, so the prompt lists names.
  const listing = panel.getByTestId("listing-mode");
  await expect(listing).toHaveAttribute("data-mode", "names");
  await expect(listing).toHaveAttribute("data-setting", "auto");
  await expect(listing).toContainText(
    /prompt lists tool names · [\d,]+ tokens \(auto: \d+ names fit in 1,500 tokens\)/,
  );
  await expect(panel.getByTestId("auto-threshold")).toHaveText("defer: auto tools are always deferred");

  await send(page, calc);
  await expect(page.getByTestId("tool-search-card").first()).toBeVisible({ timeout: 20_000 });
  const promoted = panel.locator('[data-testid="promoted-tool"][data-tool-name="workbench_calculate"]');
  await expect(promoted).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("tools-panel").screenshot({ path: testInfo.outputPath("tools-panel-mid-promotion.png") });
  await testInfo.attach("tools panel mid-promotion", {
    path: testInfo.outputPath("tools-panel-mid-promotion.png"),
    contentType: "image/png",
  });

  const card = page.locator('[data-testid="tool-call"][data-tool-name="workbench_calculate"]');
  // The call sits in the turn's collapsed "N steps" line; the tool_search card above stays visible.
  await expect(card).toBeAttached({ timeout: 20_000 });
  await showSteps(page);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await expect(card).toContainText("84");
  await waitForAnswer(page, "workbench_calculate");
  await page.screenshot({ path: testInfo.outputPath("chat-after-promotion.png") });
  await expect(page.getByTestId("token-meter")).toBeVisible();
  await expect(page.getByTestId("catalog-hash")).toHaveText(/[0-9a-f]{16}/);
  // The panel says why the tool is promoted: the search that loaded it.
  const query = (await page.getByTestId("tool-search-query").first().textContent())?.trim() ?? "";
  expect(query).not.toBe("");
  await expect(promoted.getByTestId("promoted-why")).toHaveText(
    `found by tool_search “${query.replace(/^“|”$/g, "")}”`,
  );

  // Reload: the thread, its messages and its promotions come back.
  const url = page.url();
  expect(url).toMatch(/thread=/);
  await page.reload();
  await expect(page.getByTestId("message").filter({ hasText: calc })).toBeVisible();
  await expect(page.locator('[data-testid="tool-call"][data-tool-name="workbench_calculate"]')).toContainText("84");
  await expect(panel.locator('[data-testid="promoted-tool"][data-tool-name="workbench_calculate"]')).toBeVisible();

  // A new thread starts with nothing promoted.
  await page.getByTestId("new-thread").click();
  await expect(page.getByTestId("message")).toHaveCount(0);
  await expect(panel.locator('[data-testid="promoted-tool"]')).toHaveCount(0);
  await expect(panel.locator('[data-testid="deferred-tool"][data-tool-name="workbench_calculate"]')).toHaveCount(1);
});
