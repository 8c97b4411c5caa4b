/**
 * The Servers panel end to end, on real parts: a Fawn server on a throwaway extensions_config.json, stdio MCP
 * servers started from what is typed in the form, and the in-repo OAuth fixture (an authorization server and
 * an MCP server that requires its tokens) signed in to through the browser's real redirect flow.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type RunningServer, startServer } from "../test/support/next-server";
import { REPO_ROOT } from "../test/support/repo";
import { type SpawnedHttpServer, spawnHttpServer } from "../test/support/spawn-http";
import { oauthIssuer, oauthStats, send, serverCard, waitForAnswer } from "./helpers";

const CONFIG_DIR = path.join(REPO_ROOT, "test-results", "e2e-mcpman-config");
const EXTENSIONS = path.join(CONFIG_DIR, "extensions_config.json");
const TSX_LOADER = path.join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs");
const FIXTURE = path.join(REPO_ROOT, "servers/fixtures/misbehaving.ts");
const ENV_SECRET = "tok-e2e-PANEL-SECRET-6d1f";
// Short-lived access tokens, so the spec sees one expire and get refreshed without anyone signing in again.
const ACCESS_TTL_S = 4;

let fawn: RunningServer;
let oauth: SpawnedHttpServer;
let issuer: string;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  fs.rmSync(CONFIG_DIR, { recursive: true, force: true });
  fs.mkdirSync(CONFIG_DIR, { recursive: true });
  fs.writeFileSync(EXTENSIONS, `${JSON.stringify({ mcpServers: {} }, null, 2)}\n`);
  oauth = await spawnHttpServer("servers/fixtures/oauth/main.ts", ["--access-ttl", String(ACCESS_TTL_S)]);
  issuer = oauthIssuer(oauth.stderr());
  fawn = await startServer(
    "e2e-mcpman-data",
    {
      FAWN_CONFIG: "e2e/fixtures/mcpman/config.yaml",
      FAWN_EXTENSIONS_CONFIG: EXTENSIONS,
      FAWN_LOG_LEVEL: "info",
    },
    { captureLogs: true },
  );
});

test.afterAll(async () => {
  await fawn?.stop();
  await oauth?.stop();
});

async function openServers(page: Page): Promise<void> {
  await page.goto(fawn.url);
  await page.getByTestId("side-tab-servers").click();
  await expect(page.getByTestId("servers-totals")).toBeVisible();
}

const fileServers = () => Object.keys(JSON.parse(fs.readFileSync(EXTENSIONS, "utf8")).mcpServers as object);

test("add a stdio server from the UI: a broken command fails its test clearly and nothing is saved", async ({
  page,
}) => {
  await openServers(page);
  await page.getByTestId("servers-add").click();
  const form = page.getByTestId("server-form");
  // The form opens on its first field; a refused test puts the focus on the field to fix, marked invalid.
  await expect(form.getByTestId("server-form-name")).toBeFocused();
  await form.getByTestId("server-form-name").fill("fixture");
  await form.getByTestId("server-form-test").click();
  await expect(form.getByTestId("server-form-command")).toBeFocused();
  await expect(form.getByTestId("server-form-command")).toHaveAttribute("aria-invalid", "true");
  await form.getByTestId("server-form-command").fill("fawn-no-such-command");
  await form.getByTestId("server-form-test").click();
  const result = form.getByTestId("server-test-result");
  await expect(result).toHaveAttribute("data-ok", "false");
  await expect(result).toContainText(/Could not connect.*ENOENT/);
  expect(fileServers()).toEqual([]);

  // Fixed: the in-repo fixture server over stdio, with a secret in its environment.
  await form.getByTestId("server-form-command").fill("node");
  await form.getByTestId("server-form-args").fill(["--import", TSX_LOADER, FIXTURE, "ok", "stdio"].join("\n"));
  await form.getByTestId("server-form-env").fill(`FIXTURE_TOKEN=${ENV_SECRET}`);
  await form.getByTestId("server-form-test").click();
  await expect(result).toHaveAttribute("data-ok", "true");
  await expect(result).toContainText(/Connected in \d+ ms: 2 tools/);
  await expect(result.getByTestId("server-tool")).toHaveCount(2);
  expect(fileServers()).toEqual([]);

  await form.getByTestId("server-form-save").click();
  // Its tools are all deferred, so it is a lazy server: started once to list them, then asleep until used.
  await expect(serverCard(page, "fixture")).toHaveAttribute("data-state", "sleeping");
  await expect(serverCard(page, "fixture")).toContainText("2 tools");
  expect(fileServers()).toEqual(["fixture"]);
  // Secrets are write-only: the page shows *** (open the editor to see the env field).
  await serverCard(page, "fixture").getByTestId("server-edit").click();
  await expect(page.getByTestId("server-form-env")).toHaveValue("FIXTURE_TOKEN=***");
  await page.getByTestId("server-form-cancel").click();
  expect(await page.content()).not.toContain(ENV_SECRET);

  // A second server of the same name is refused on the name field, which takes the focus; the form stays.
  await page.getByTestId("servers-add").click();
  await form.getByTestId("server-form-name").fill("fixture");
  await form.getByTestId("server-form-command").fill("node");
  await form.getByTestId("server-form-save").click();
  await expect(form.getByTestId("server-form-name")).toBeFocused();
  await expect(form.getByTestId("server-form-name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByTestId("server-form-problem")).toHaveText('an MCP server named "fixture" already exists');
  await page.getByTestId("server-form-cancel").click();
  expect(fileServers()).toEqual(["fixture"]);

  // Its tools are deferred in the Tools panel.
  await page.getByTestId("side-tab-tools").click();
  await expect(page.locator('[data-testid="deferred-tool"][data-tool-name="fixture_echo"]')).toBeVisible();
});

test("toggle a server off and on while a thread has promotions from it", async ({ page }) => {
  await page.goto(fawn.url);
  await send(page, 'fixture_echo "first call"');
  await waitForAnswer(page, /first call/);
  await page.getByTestId("side-tab-tools").click();
  const promoted = page.getByTestId("promoted-section").locator('[data-tool-name="fixture_echo"]');
  await expect(promoted).toBeVisible();
  const thread = new URL(page.url()).searchParams.get("thread");

  await page.getByTestId("side-tab-servers").click();
  await serverCard(page, "fixture").getByTestId("server-enabled").uncheck();
  await expect(serverCard(page, "fixture")).toHaveAttribute("data-state", "disabled");
  await page.getByTestId("side-tab-tools").click();
  await expect(promoted).toHaveCount(0);
  const inv = await (await fetch(`${fawn.url}/api/tools?thread_id=${thread}`)).json();
  expect(inv.tools.some((t: { name: string }) => t.name === "fixture_echo")).toBe(false);

  await page.getByTestId("side-tab-servers").click();
  await serverCard(page, "fixture").getByTestId("server-enabled").check();
  await expect(serverCard(page, "fixture")).toHaveAttribute("data-state", "sleeping");
  // Back with the same schema: the thread's promotion counts again, and the tool answers.
  await page.getByTestId("side-tab-tools").click();
  await expect(promoted).toBeVisible();
  await send(page, 'fixture_echo "after the toggle"');
  await waitForAnswer(page, /after the toggle/);
  expect(JSON.parse(fs.readFileSync(EXTENSIONS, "utf8")).mcpServers.fixture.env.FIXTURE_TOKEN).toBe(ENV_SECRET);
});

test("sign in to an OAuth server through the real redirect flow; its tools are deferred and the agent uses one", async ({
  page,
}) => {
  await openServers(page);
  await page.getByTestId("servers-add").click();
  const form = page.getByTestId("server-form");
  await form.getByTestId("server-form-name").fill("secure");
  await form.getByTestId("server-form-transport").selectOption("http");
  await form.getByTestId("server-form-url").fill(oauth.url);
  await form.getByTestId("server-form-save").click();
  const secure = serverCard(page, "secure");
  await expect(secure).toHaveAttribute("data-state", "signin");

  const before = await oauthStats(issuer);
  await secure.getByTestId("server-sign-in").click();
  // The authorization server's own consent page, reached by discovery from the MCP server's 401.
  await expect(page).toHaveURL(new RegExp(`^${issuer}authorize`));
  await expect(page.getByTestId("client-name")).toHaveText("Fawn");
  await page.locator("#approve").click();
  await expect(page.getByTestId("oauth-notice")).toContainText("Signed in to secure");
  expect(new URL(page.url()).search).toBe("");
  // Signed in, it listed its tools; lazy, it sleeps until the agent uses one (which wakes it, below).
  await expect(secure).toHaveAttribute("data-state", "sleeping");
  await expect(secure.getByTestId("server-signed-in")).toBeVisible();
  const after = await oauthStats(issuer);
  expect(after.registrations).toBe(before.registrations + 1);
  expect(after.codeExchanges).toBe(before.codeExchanges + 1);

  await page.getByTestId("side-tab-tools").click();
  await expect(page.locator('[data-testid="deferred-tool"][data-tool-name="secure_echo"]')).toBeVisible();
  await send(page, 'secure_echo "through oauth"');
  await waitForAnswer(page, /secure echo: through oauth/);
  await expect(page.getByTestId("promoted-section").locator('[data-tool-name="secure_echo"]')).toBeVisible();

  // The access token runs out: the next call refreshes it, nobody signs in again.
  const refreshes = (await oauthStats(issuer)).refreshes;
  await page.waitForTimeout(ACCESS_TTL_S * 1000 + 500);
  await send(page, 'secure_echo "after expiry"');
  await waitForAnswer(page, /secure echo: after expiry/);
  expect((await oauthStats(issuer)).refreshes).toBeGreaterThan(refreshes);
  expect((await oauthStats(issuer)).codeExchanges).toBe(after.codeExchanges);
});

test("sign out revokes the tokens and removes the server's tools; remove deletes the server", async ({ page }) => {
  await openServers(page);
  const secure = serverCard(page, "secure");
  await expect(secure).toHaveAttribute("data-state", "connected");
  const revocations = (await oauthStats(issuer)).revocations;
  await secure.getByTestId("server-sign-out").click();
  await expect(secure).toHaveAttribute("data-state", "signin");
  expect((await oauthStats(issuer)).revocations).toBeGreaterThan(revocations);
  const tools = await (await fetch(`${fawn.url}/api/tools`)).json();
  expect(tools.tools.some((t: { server: string | null }) => t.server === "secure")).toBe(false);

  await secure.getByTestId("server-remove").click();
  await secure.getByTestId("server-remove-confirm").click();
  await expect(secure).toHaveCount(0);
  expect(fileServers()).toEqual(["fixture"]);
  // Nothing of the OAuth sign-in is left in the logs.
  expect(fawn.logs()).not.toContain(ENV_SECRET);
});

test("a hand edit made while the panel is open is not overwritten", async ({ page }) => {
  // The page refetches the list when the tools stamp changes (a hand edit reloads the config): held back here, so
  // the toggle below is sent with the ETag of the list the person is looking at, as when the edit lands mid-click.
  await page.route("**/api/tools/stamp", (route) => route.abort());
  await openServers(page);
  const text = fs.readFileSync(EXTENSIONS, "utf8");
  fs.writeFileSync(EXTENSIONS, text.replace('"fixture": {', '"fixture": {\n      "description": "edited by hand",'));
  // A click, not uncheck(): the toggle is refused, so the box may be checked again before Playwright looks (uncheck()
  // then fails with "did not change its state", depending on how fast the refusal comes back).
  const toggle = serverCard(page, "fixture").getByTestId("server-enabled");
  await toggle.click();
  await expect(serverCard(page, "fixture").getByTestId("server-action-error")).toContainText(
    "changed since you read it",
  );
  await expect(toggle).toBeChecked();
  expect(JSON.parse(fs.readFileSync(EXTENSIONS, "utf8")).mcpServers.fixture).toMatchObject({
    description: "edited by hand",
  });
  // The toggle did not go through: the server stays enabled as the earlier test left it.
  expect(JSON.parse(fs.readFileSync(EXTENSIONS, "utf8")).mcpServers.fixture.enabled).toBe(true);
});
