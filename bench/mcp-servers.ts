/**
 * npm run -s bench:mcp-servers -- [--runs 5] [--no-screenshot]
 * What managing MCP servers costs in time, through the HTTP API of `next start` (demo model, real servers):
 *  - connect: a stdio server added with POST /api/mcp/servers until GET lists it connected (its connect_ms),
 *    and the OAuth HTTP server after sign-in;
 *  - test: POST /api/mcp/servers/{name}/test for a stdio server, a broken command and the OAuth server;
 *  - OAuth round trip: start → authorization page → consent → Fawn's callback (code exchange with PKCE and the
 *    reconnect) → listed connected, per phase; and a call after the authorization server expired the token
 *    (401 → refresh → retry).
 * Then retakes docs/servers-panel.png. Prints figures; asserts nothing about time.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { McpServersResponseSchema, McpServerProbeResultSchema } from "@/lib/contracts/mcp-servers";
import { startOAuthFixture } from "@/servers/fixtures/oauth/server";
import { startServer } from "@/test/support/next-server";
import { approveInBrowser } from "@/test/support/oauth-browser";
import { REPO_ROOT } from "@/test/support/repo";
import { table } from "./lib/report";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, "no-screenshot": { type: "boolean", default: false } },
});
const RUNS = Number(values.runs);
const CHROMIUM = process.env.FAWN_CHROMIUM ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const MEMORY = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");
const EVERYTHING = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

const samples = new Map<string, number[]>();
const record = (what: string, ms: number) => samples.set(what, [...(samples.get(what) ?? []), ms]);
async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await work();
  record(what, performance.now() - t0);
  return out;
}

function summary(): string {
  const rows = [...samples].map(([what, xs]) => {
    const s = [...xs].sort((a, b) => a - b);
    const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    return [what, String(s.length), median.toFixed(0), s[0].toFixed(0), s[s.length - 1].toFixed(0)];
  });
  return table(["ms", "n", "median", "min", "max"], rows);
}

async function main() {
  const fixture = await startOAuthFixture();
  const dir = path.join(REPO_ROOT, "test-results", "bench-mcp-servers-config");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const extensions = path.join(dir, "extensions_config.json");
  const initial = {
    memory: { command: "node", args: [MEMORY], description: "A knowledge graph of entities and relations" },
    everything: {
      command: "node",
      args: [EVERYTHING, "stdio"],
      enabled: false,
      description: "The MCP reference server (disabled: test it to see its cost)",
    },
  };
  fs.writeFileSync(extensions, JSON.stringify({ mcpServers: initial }, null, 2));
  const fawn = await startServer("bench-mcp-servers-data", {
    FAWN_CONFIG: "e2e/fixtures/mcpman/config.yaml",
    FAWN_EXTENSIONS_CONFIG: extensions,
  });
  const api = async (method: string, route: string, body?: unknown) => {
    const r = await fetch(`${fawn.url}${route}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok && r.status !== 303) throw new Error(`${method} ${route}: HTTP ${r.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const list = async () => McpServersResponseSchema.parse(await api("GET", "/api/mcp/servers"));
  try {
    await list(); // the agent and the first servers are built once before anything is timed

    for (let i = 0; i < RUNS; i++) {
      const name = `mem${i}`;
      await timed("add stdio server (POST, write file)", () =>
        api("POST", "/api/mcp/servers", { name, command: "node", args: [MEMORY] }),
      );
      const doc = await timed("GET servers after add (reload + connect)", list);
      const added = doc.servers.find((s) => s.name === name);
      // A lazy server (all tools deferred) connects once to list its tools, then sleeps: either means it connected.
      if (added?.status !== "connected" && added?.status !== "sleeping")
        throw new Error(`${name} did not connect: ${added?.error}`);
      record("connect stdio (server's connect_ms)", added.connect_ms ?? Number.NaN);
      await api("DELETE", `/api/mcp/servers/${name}`);
    }
    for (let i = 0; i < RUNS; i++) {
      const r = McpServerProbeResultSchema.parse(
        await timed("test stdio, wall clock", () => api("POST", "/api/mcp/servers/memory/test", {})),
      );
      record("test stdio (result ms: spawn+handshake+list)", r.ms);
      const broken = McpServerProbeResultSchema.parse(
        await api("POST", "/api/mcp/servers/broken/test", { command: "fawn-no-such-command" }),
      );
      record("test broken command (result ms)", broken.ms);
    }

    await api("POST", "/api/mcp/servers", { name: "docs", type: "http", url: fixture.mcpUrl, description: "OAuth" });
    await list();
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const start = (await timed("oauth: start (discovery + registration)", () =>
        api("POST", "/api/mcp/oauth/docs/start"),
      )) as { authorization_url: string };
      const back = await timed("oauth: authorization page + consent", () => approveInBrowser(start.authorization_url));
      const cb = await timed("oauth: callback (code exchange + reconnect)", () =>
        fetch(`${fawn.url}${back.pathname}${back.search}`, { redirect: "manual" }),
      );
      if (!cb.headers.get("location")?.includes("signed_in=docs"))
        throw new Error(`callback: ${cb.headers.get("location")}`);
      const doc = await timed("oauth: GET servers until connected", list);
      const docs = doc.servers.find((s) => s.name === "docs");
      if (docs?.status !== "connected" && docs?.status !== "sleeping")
        throw new Error(`docs did not connect: ${docs?.error}`);
      record("oauth: round trip total", performance.now() - t0);
      record("connect OAuth HTTP (server's connect_ms)", docs.connect_ms ?? Number.NaN);
      const t = McpServerProbeResultSchema.parse(await api("POST", "/api/mcp/servers/docs/test", {}));
      record("test OAuth HTTP, signed in (result ms)", t.ms);
      await fetch(new URL("/expire", fixture.issuer), { method: "POST" });
      const refreshed = McpServerProbeResultSchema.parse(
        await timed("test after the token expired (401 → refresh → retry), wall clock", () =>
          api("POST", "/api/mcp/servers/docs/test", {}),
        ),
      );
      if (!refreshed.ok) throw new Error(`refresh failed: ${refreshed.error}`);
      if (i < RUNS - 1) await api("POST", "/api/mcp/oauth/docs/signout");
    }
    const stats = fixture.stats();
    console.log(`Servers panel API, ${RUNS} runs each (next start, demo model, ${new Date().toISOString()})\n`);
    console.log(summary());
    console.log(
      `\nauthorization server counted: ${stats.registrations} registration(s), ${stats.codeExchanges} code exchanges, ` +
        `${stats.refreshes} refreshes, ${stats.revocations} revocations`,
    );

    if (!values["no-screenshot"]) {
      await api("POST", "/api/mcp/servers/everything/test", {});
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
      try {
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
        await page.goto(fawn.url);
        await page.evaluate(() => {
          localStorage.setItem("fawn:theme", "light");
          localStorage.setItem("fawn:locale", "en");
        });
        await page.goto(`${fawn.url}/?panel=servers`);
        const docs = page.locator('[data-testid="server-card"][data-server-name="docs"]');
        await docs.getByTestId("server-tools-toggle").click();
        const everything = page.locator('[data-testid="server-card"][data-server-name="everything"]');
        await everything.getByTestId("server-test").click();
        await everything.getByTestId("server-test-result").waitFor();
        await page.getByTestId("composer-input").fill('docs_echo "hello from a signed-in server"');
        await page.getByTestId("composer-input").press("Enter");
        await page
          .locator('[data-testid="message"][data-role="ai"]')
          .filter({ hasText: "secure echo" })
          .waitFor({ timeout: 30_000 });
        await page.getByTestId("stop-button").waitFor({ state: "detached", timeout: 30_000 });
        await page.screenshot({ path: path.join(REPO_ROOT, "docs", "servers-panel.png") });
        console.log("\nwrote docs/servers-panel.png");
      } finally {
        await browser.close();
      }
    }
  } finally {
    await fawn.stop();
    await fixture.close();
  }
}

main().catch((e) => {
  console.error(`bench:mcp-servers: ${(e as Error).message}`);
  process.exit(1);
});
