import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type RunningServer, startServer } from "../test/support/next-server";
import { REPO_ROOT as REPO } from "../test/support/repo";
import { send, waitForAnswer } from "./helpers";

/**
 * What the tools panel shows of tools as virtual memory, against a server of its own
 * (e2e/fixtures/vm): the server listing, defer policies and annotations, a promoted budget that
 * demotes with why, and a server that changes one tool while Fawn runs (drift per tool).
 */
const toolsFile = path.join(REPO, "test-results", "e2e-vm-tools.json");
const writeTools = (alpha: string) =>
  fs.writeFileSync(
    toolsFile,
    JSON.stringify([
      { name: "alpha", description: alpha },
      { name: "beta", description: "Beta reports beta things" },
    ]),
  );

// Several demo turns each, against a server of its own.
test.describe.configure({ timeout: 120_000 });

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  fs.mkdirSync(path.dirname(toolsFile), { recursive: true });
  writeTools("Alpha reports alpha things");
  server = await startServer("e2e-vm-data", {
    FAWN_CONFIG: "e2e/fixtures/vm/config.yaml",
    FAWN_VM_TOOLS: toolsFile,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function open(page: Page) {
  await page.goto(server.url);
  const panel = page.getByTestId("tools-panel");
  await expect(panel.getByTestId("listing-mode")).toBeVisible({ timeout: 30_000 });
  return panel;
}

test("the panel shows the listing mode, the budget, defer policies and annotations", async ({ page }, testInfo) => {
  const panel = await open(page);
  await expect(panel.getByTestId("listing-mode")).toHaveAttribute("data-mode", "servers");
  await expect(panel.getByTestId("listing-mode")).toContainText("prompt lists servers");
  await expect(panel.getByTestId("listing-mode")).toContainText("(set to servers)");
  await expect(panel.getByTestId("budget-meter")).toHaveAttribute("data-limit", "400");
  await expect(panel.getByTestId("budget-used")).toHaveText("0");
  // promoted_max_tools: the count limit beside the token budget.
  await expect(panel.getByTestId("budget-meter")).toContainText("0 / 400 tokens · 0 / 3 tools");
  await expect(panel.getByTestId("relevance-setting")).toContainText("below 70 % of the best match");
  await expect(panel.getByTestId("auto-threshold")).toHaveText(
    "defer: auto tools are deferred only when their schemas exceed 200 tokens",
  );
  const clock = panel.locator('[data-testid="bound-tool"][data-tool-name="workbench_current_time"]');
  await expect(clock.getByTestId("defer-policy")).toHaveText("defer: never");
  await expect(clock.getByTestId("defer-policy")).toHaveAttribute("title", "defer: never");
  const del = panel.locator('[data-testid="deferred-tool"][data-tool-name="workbench_notes_delete"]');
  await expect(del.locator('[data-testid="annotation"][data-hint="destructive"]')).toBeVisible();
  const calc = panel.locator('[data-testid="deferred-tool"][data-tool-name="workbench_calculate"]');
  await expect(calc.locator('[data-testid="annotation"][data-hint="read-only"]')).toBeVisible();
  await panel.screenshot({ path: testInfo.outputPath("tools-panel-policies.png") });
});

test("a promotion over the budget demotes the least recently used tool, shown with why", async ({ page }, testInfo) => {
  const panel = await open(page);
  await send(page, "calculate: 12*(3+4)");
  await waitForAnswer(page, "workbench_calculate");
  await expect(panel.locator('[data-testid="promoted-tool"][data-tool-name="workbench_calculate"]')).toBeVisible();
  await send(page, "convert 5 km to miles");
  await waitForAnswer(page, "workbench_convert_units");
  await expect(panel.locator('[data-testid="promoted-tool"][data-tool-name="workbench_convert_units"]')).toBeVisible();
  const demoted = panel.locator('[data-testid="demoted-tool"][data-tool-name="workbench_calculate"]');
  await expect(demoted).toBeVisible();
  await expect(demoted).toHaveAttribute("data-reason", "evicted");
  await expect(demoted.getByTestId("demoted-why")).toContainText("made room for workbench_convert_units");
  await expect(demoted.getByTestId("demoted-why")).toContainText("under the budget: the least recently called");
  await expect(panel.locator('[data-testid="promoted-tool"][data-tool-name="workbench_calculate"]')).toHaveCount(0);
  const used = Number(await panel.getByTestId("budget-meter").getAttribute("data-tokens"));
  expect(used).toBeGreaterThan(0);
  expect(used).toBeLessThanOrEqual(400);
  await panel.screenshot({ path: testInfo.outputPath("tools-panel-demoted.png") });

  // Asking again promotes it again; the other one makes room this time.
  await send(page, "calculate: 2+2");
  await waitForAnswer(page, "workbench_calculate");
  await expect(panel.locator('[data-testid="promoted-tool"][data-tool-name="workbench_calculate"]')).toBeVisible();
  await expect(panel.locator('[data-testid="demoted-tool"][data-tool-name="workbench_convert_units"]')).toBeVisible();
});

test("a server that changes one tool: the panel shows what changed and that only that promotion stopped", async ({
  page,
}, testInfo) => {
  const panel = await open(page);
  await send(page, "ch_alpha and ch_beta please");
  await waitForAnswer(page, /ch_alpha|ch_beta/);
  const promoted = (name: string) => panel.locator(`[data-testid="promoted-tool"][data-tool-name="${name}"]`);
  await expect(promoted("ch_alpha")).toBeVisible();
  await expect(promoted("ch_beta")).toBeVisible();

  writeTools("Alpha now reports something else");
  // tools/list_changed reaches Fawn; the panel, watching the catalog, refetches by itself.
  const change = panel.getByTestId("catalog-change");
  await expect(change).toBeVisible({ timeout: 30_000 });
  await change.locator("summary").click();
  await expect(change.locator('[data-testid="catalog-change-row"][data-tool-name="ch_alpha"]')).toContainText(
    "description",
  );
  const drifted = panel.locator('[data-testid="drifted-tool"][data-tool-name="ch_alpha"]');
  await expect(drifted).toBeVisible();
  await expect(drifted.getByTestId("drifted-why")).toHaveText(
    "the server changed its description; search again to load it",
  );
  await expect(promoted("ch_beta")).toBeVisible();
  await expect(promoted("ch_alpha")).toHaveCount(0);
  await panel.screenshot({ path: testInfo.outputPath("tools-panel-drift.png") });
});
