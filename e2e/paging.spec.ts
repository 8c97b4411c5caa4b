import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type RunningServer, startServer } from "../test/support/next-server";
import { REPO_ROOT as REPO } from "../test/support/repo";
import { send, showSteps, waitForAnswer } from "./helpers";

/**
 * Paging at run time in the tools panel, against a server of its own (e2e/fixtures/paging): a lazy server
 * shown sleeping with its cache time, woken by use and stopped again when idle, never started by a restart;
 * an eager one running; prefetch and the proxy binding in the settings and on the promoted tool.
 */
const DATA = "e2e-paging-data";
const env = { FAWN_CONFIG: "e2e/fixtures/paging/config.yaml" };
const starts = () => {
  const file = path.join(REPO, "test-results", DATA, "lz-starts.txt");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").length : 0;
};

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer(DATA, env);
});
test.afterAll(async () => {
  await server?.stop();
});

async function open(page: Page) {
  await page.goto(server.url);
  const panel = page.getByTestId("tools-panel");
  await expect(panel.locator('[data-testid="mcp-server"][data-server-name="lz"]')).toBeVisible({ timeout: 30_000 });
  return panel;
}

const reload = (panel: ReturnType<Page["getByTestId"]>) =>
  panel.getByRole("button", { name: "Reload the inventory" }).click();

test("servers show running or sleeping; a sleeping one is woken by use and stopped again when idle", async ({
  page,
}, testInfo) => {
  const panel = await open(page);
  const lz = panel.locator('[data-testid="mcp-server"][data-server-name="lz"]');
  const ea = panel.locator('[data-testid="mcp-server"][data-server-name="ea"]');
  await expect(lz).toHaveAttribute("data-status", "sleeping");
  await expect(lz).toHaveAttribute("data-lifecycle", "lazy");
  await expect(lz.getByTestId("mcp-server-status")).toContainText("sleeping");
  await expect(lz.getByTestId("mcp-server-lifecycle")).toHaveText("lazy");
  await expect(lz.getByTestId("mcp-server-paging")).toContainText("stops after 4 s idle");
  await expect(lz.getByTestId("mcp-server-cached-at")).toContainText("tools cached");
  await expect(ea).toHaveAttribute("data-status", "connected");
  await expect(ea.getByTestId("mcp-server-status")).toContainText("running");
  await expect(ea.getByTestId("mcp-server-lifecycle")).toHaveText("eager");
  // Started once, to fill the tools cache, then put to sleep.
  expect(starts()).toBe(1);
  await panel.getByTestId("servers-section").screenshot({ path: testInfo.outputPath("paging-sleeping.png") });

  await send(page, 'lz_echo "wake up"');
  await waitForAnswer(page, "wake up");
  await reload(panel);
  await expect(lz).toHaveAttribute("data-status", "connected");
  await expect(lz.getByTestId("mcp-server-status")).toContainText("running");
  expect(starts()).toBe(2);
  await panel.getByTestId("servers-section").screenshot({ path: testInfo.outputPath("paging-woken.png") });

  // Unused for its idle timeout (4 s here), it is stopped; its tools stay listed.
  await expect(async () => {
    await reload(panel);
    await expect(lz).toHaveAttribute("data-status", "sleeping", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(lz).toContainText("2 tools");
});

test("prefetch and the proxy binding: shown in the settings, on the promoted tool and on the search card", async ({
  page,
}) => {
  const panel = await open(page);
  await expect(panel.getByTestId("prefetch-setting")).toHaveAttribute("data-enabled", "true");
  await expect(panel.getByTestId("prefetch-setting")).toContainText("loaded from your message");
  await expect(panel.getByTestId("binding-setting")).toHaveAttribute("data-binding", "proxy");
  await expect(panel.getByTestId("binding-setting")).toContainText("call_tool");
  await send(page, "lz_add a=2 b=40");
  await waitForAnswer(page, "42");
  const promoted = panel.locator('[data-testid="promoted-tool"][data-tool-name="lz_add"]');
  await expect(promoted).toBeVisible();
  await expect(promoted.getByTestId("prefetched")).toHaveText("prefetched");
  await showSteps(page);
  await expect(page.getByTestId("tool-search-prefetched").last()).toHaveText("prefetched from your message");
  // Called through call_tool, shown as the real tool.
  await expect(
    page.locator('[data-testid="tool-call"][data-tool-name="lz_add"][data-via="call_tool"]').last(),
  ).toBeVisible();
});

test("after a restart the cached tools are used and no lazy server is started until needed", async ({ page }) => {
  await server.stop();
  const before = starts();
  server = await startServer(DATA, env, { keep: true });
  const panel = await open(page);
  const lz = panel.locator('[data-testid="mcp-server"][data-server-name="lz"]');
  await expect(lz).toHaveAttribute("data-status", "sleeping");
  await expect(lz).toContainText("2 tools");
  await expect(panel.locator('[data-testid="deferred-tool"][data-tool-name="lz_echo"]')).toBeVisible();
  expect(starts()).toBe(before);
});
