import { expect, type Page, test } from "@playwright/test";
import { type RunningServer, startServer } from "../test/support/next-server";
import { send, showSteps, waitForAnswer } from "./helpers";

/**
 * Approvals in the proxy binding (e2e/fixtures/proxy-approval): the demo model calls promoted tools through
 * call_tool, and the approval card and the tool card show the real tool with its own arguments; approve,
 * edit (checked against the real tool's schema) and reject work as for any tool.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer("e2e-proxy-approval-data", { FAWN_CONFIG: "e2e/fixtures/proxy-approval/config.yaml" });
});
test.afterAll(async () => {
  await server?.stop();
});

const echoCall = (page: Page) => page.locator('[data-testid="tool-call"][data-tool-name="px_echo"]').last();

/** Send an echo request and wait for its approval card; checks what the card and the tool card say. */
async function askEcho(page: Page, text: string) {
  await page.goto(server.url);
  await send(page, `px_echo "${text}"`);
  const card = page.getByTestId("approval-card");
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId("approval-tool")).toHaveText("px_echo");
  await expect(card.getByTestId("approval-why")).toContainText(
    "px_echo always needs approval (mcpServers.px.approval: always). (called through call_tool)",
  );
  // The real tool's own arguments, not call_tool's {name, arguments}.
  expect(JSON.parse((await card.getByTestId("approval-args").textContent()) ?? "")).toEqual({ text });
  await expect(echoCall(page)).toHaveAttribute("data-via", "call_tool");
  await expect(echoCall(page)).toHaveAttribute("data-status", "waiting");
  await expect(page.locator('[data-testid="tool-call"][data-tool-name="call_tool"]')).toHaveCount(0);
  return card;
}

test("approved: the proxied call runs, and its card shows the real tool via call_tool", async ({ page }) => {
  const card = await askEcho(page, "approve me");
  await card.getByTestId("approval-approve").click();
  await expect(echoCall(page)).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await waitForAnswer(page, "approve me");
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
  await showSteps(page);
  await expect(echoCall(page)).toBeVisible();
  await expect(echoCall(page).getByTestId("tool-via")).toHaveText("via call_tool");
  await expect(echoCall(page)).toContainText('"text": "approve me"');
  await expect(echoCall(page)).not.toContainText('"arguments"');
});

test("edited: the real arguments are checked against the real tool's schema and the edit runs", async ({ page }) => {
  const card = await askEcho(page, "first draft");
  await card.getByTestId("approval-edit").click();
  const editor = card.getByTestId("approval-editor");
  const submit = card.getByTestId("approval-edit-submit");
  await expect(editor).toHaveValue('{\n  "text": "first draft"\n}');
  await editor.fill('{"text": 5}');
  await expect(card.getByTestId("approval-editor-error")).toHaveText(
    'px_echo: field "text": expected string, got number',
  );
  await expect(submit).toBeDisabled();
  await editor.fill("{}");
  await expect(card.getByTestId("approval-editor-error")).toHaveText('px_echo: field "text": is required');
  await editor.fill('{"text": "the edited text"}');
  await expect(card.getByTestId("approval-editor-error")).toHaveCount(0);
  await submit.click();
  await expect(echoCall(page)).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await waitForAnswer(page, "the edited text");
  await showSteps(page);
  await expect(echoCall(page)).toContainText('"text": "the edited text"');
});

test("rejected: the proxied call does not run, and the agent is told why", async ({ page }) => {
  const card = await askEcho(page, "never");
  await card.getByTestId("approval-reject").click();
  await card.getByTestId("approval-reject-reason").fill("not this one");
  await card.getByTestId("approval-reject-submit").click();
  await expect(echoCall(page)).toHaveAttribute("data-status", "error", { timeout: 20_000 });
  await waitForAnswer(page, "did not run");
  await expect(page.getByTestId("message").last()).toContainText("px_echo did not run");
  await expect(page.getByTestId("message").last()).toContainText('You said: "not this one"');
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
});

test("a proxied tool without a rule runs at once, shown as the real tool via call_tool", async ({ page }) => {
  await page.goto(server.url);
  await send(page, "px_add a=2 b=40");
  await waitForAnswer(page, "42");
  await expect(page.getByTestId("approval-card")).toHaveCount(0);
  await showSteps(page);
  const add = page.locator('[data-testid="tool-call"][data-tool-name="px_add"]').last();
  await expect(add).toHaveAttribute("data-via", "call_tool");
  await expect(add).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("tool-steps").last()).toContainText("px_add");
});
