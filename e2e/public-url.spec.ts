/**
 * Fawn behind a TLS-terminating reverse proxy (FAWN_PUBLIC_URL), with an OAuth server over HTTP+SSE, on real
 * parts: `next start` on loopback, an HTTPS proxy in front of it on a public name (Chromium resolves
 * fawn.example.test to 127.0.0.1 and accepts the proxy's self-signed certificate) that forwards the upstream's
 * Host as nginx does by default, and the in-repo OAuth fixture's SSE endpoint signed in to through the browser's
 * real redirect flow: the authorization server sends the browser back to the public HTTPS address.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { extraServerPort, type RunningServer, startServer } from "../test/support/next-server";
import { REPO_ROOT } from "../test/support/repo";
import { type SpawnedHttpServer, spawnHttpServer } from "../test/support/spawn-http";
import { startTlsProxy, type TlsProxy } from "../test/support/tls-proxy";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../playwright.config";
import { oauthIssuer, oauthStats, send, serverCard, waitForAnswer } from "./helpers";

const HOST_NAME = "fawn.example.test";
const CONFIG_DIR = path.join(REPO_ROOT, "test-results", "e2e-public-url-config");
const EXTENSIONS = path.join(CONFIG_DIR, "extensions_config.json");
// Short-lived access tokens, so the spec sees one expire and get refreshed over SSE without a new sign-in.
const ACCESS_TTL_S = 4;

let fawn: RunningServer;
let oauth: SpawnedHttpServer;
let proxy: TlsProxy;
let issuer: string;
let publicUrl: string;

test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`],
  },
});
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  fs.rmSync(CONFIG_DIR, { recursive: true, force: true });
  fs.mkdirSync(CONFIG_DIR, { recursive: true });
  oauth = await spawnHttpServer("servers/fixtures/oauth/main.ts", ["--access-ttl", String(ACCESS_TTL_S)]);
  issuer = oauthIssuer(oauth.stderr());
  const sseUrl = oauth.url.replace(/\/mcp$/, "/sse");
  fs.writeFileSync(
    EXTENSIONS,
    `${JSON.stringify({ mcpServers: { legacy: { type: "sse", url: sseUrl } } }, null, 2)}\n`,
  );
  const proxyPort = await extraServerPort();
  publicUrl = `https://${HOST_NAME}:${proxyPort}`;
  fawn = await startServer(
    "e2e-public-url-data",
    {
      FAWN_CONFIG: "e2e/fixtures/mcpman/config.yaml",
      FAWN_EXTENSIONS_CONFIG: EXTENSIONS,
      FAWN_PUBLIC_URL: publicUrl,
      FAWN_LOG_LEVEL: "info",
    },
    { captureLogs: true },
  );
  proxy = await startTlsProxy({ hostName: HOST_NAME, port: proxyPort, upstream: fawn.url, certDir: CONFIG_DIR });
});

test.afterAll(async () => {
  await proxy?.close();
  await fawn?.stop();
  await oauth?.stop();
});

test("behind an HTTPS proxy: sign in to an SSE server, the browser comes back to the public address, tokens refresh, sign out", async ({
  page,
}) => {
  await page.goto(publicUrl);
  await page.getByTestId("side-tab-servers").click();
  const legacy = serverCard(page, "legacy");
  // The SSE server answered 401: it waits for a sign-in.
  await expect(legacy).toHaveAttribute("data-state", "signin");

  const before = await oauthStats(issuer);
  await legacy.getByTestId("server-sign-in").click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}authorize`));
  // The redirect URI Fawn registered and sent is on the public HTTPS origin, not the upstream's http://127.0.0.1.
  expect(new URL(page.url()).searchParams.get("redirect_uri")).toBe(`${publicUrl}/api/mcp/oauth/callback`);
  await page.locator("#approve").click();
  await expect(page.getByTestId("oauth-notice")).toContainText("Signed in to legacy");
  expect(new URL(page.url()).origin).toBe(publicUrl);
  await expect(legacy).toHaveAttribute("data-state", "sleeping");
  const after = await oauthStats(issuer);
  expect(after.codeExchanges).toBe(before.codeExchanges + 1);
  // Every request went through the proxy under the upstream's Host (nginx's default), the callback included.
  expect(proxy.forwarded.some((r) => r.path.startsWith("/api/mcp/oauth/callback?"))).toBe(true);
  expect(new Set(proxy.forwarded.map((r) => r.host))).toEqual(new Set([new URL(fawn.url).host]));

  await page.getByTestId("side-tab-tools").click();
  await expect(page.locator('[data-testid="deferred-tool"][data-tool-name="legacy_echo"]')).toBeVisible();
  await send(page, 'legacy_echo "through the proxy"');
  await waitForAnswer(page, /secure echo: through the proxy/);

  const refreshes = (await oauthStats(issuer)).refreshes;
  await page.waitForTimeout(ACCESS_TTL_S * 1000 + 500);
  await send(page, 'legacy_echo "after expiry"');
  await waitForAnswer(page, /secure echo: after expiry/);
  expect((await oauthStats(issuer)).refreshes).toBeGreaterThan(refreshes);
  expect((await oauthStats(issuer)).codeExchanges).toBe(after.codeExchanges);

  await page.getByTestId("side-tab-servers").click();
  const revocations = (await oauthStats(issuer)).revocations;
  await legacy.getByTestId("server-sign-out").click();
  await expect(legacy).toHaveAttribute("data-state", "signin");
  expect((await oauthStats(issuer)).revocations).toBeGreaterThan(revocations);
  expect(fawn.logs()).toContain('"event":"server.public_url"');
});
