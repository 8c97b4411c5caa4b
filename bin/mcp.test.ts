/** `fawn mcp` in-process, on real parts: temp config files, a real stdio server, the OAuth fixture. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpServersResponseSchema, McpServerProbeResultSchema } from "@/lib/contracts/mcp-servers";
import { type RunningOAuthFixture, startOAuthFixture } from "@/servers/fixtures/oauth/server";
import { tempConfig } from "@/test/support/config";
import { approveInBrowser } from "@/test/support/oauth-browser";
import { REPO_ROOT } from "@/test/support/repo";
import { mcpMain } from "./mcp";

const MEMORY = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");
let cfg: ReturnType<typeof tempConfig>;
let fixture: RunningOAuthFixture;

beforeAll(async () => {
  cfg = tempConfig({ servers: {} });
  fixture = await startOAuthFixture();
});
afterAll(async () => {
  await fixture.close();
  fs.rmSync(cfg.dir, { recursive: true, force: true });
});

async function fawn(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await mcpMain(
    [...args, "--config", cfg.config],
    {
      write: (s: string) => {
        out += s;
        return true;
      },
    },
    {
      write: (s: string) => {
        err += s;
        return true;
      },
    },
  );
  return { code, out, err };
}
const servers = () =>
  JSON.parse(fs.readFileSync(cfg.extensions, "utf8")).mcpServers as Record<string, Record<string, unknown>>;

// Each command builds the app as `fawn` does (the agent, every enabled server): slow on a busy machine.
describe("fawn mcp", { timeout: 180_000 }, () => {
  it("adds, lists, disables, enables and removes a stdio server; secrets stay out of the output", async () => {
    expect((await fawn("add", "mem", "--command", "node", "--arg", MEMORY)).code).toBe(0);
    const add = await fawn("add", "mem2", "--command", "node", "--arg", MEMORY, "--env", "K=tok-cli-SECRET-77");
    expect(add.code).toBe(0);
    expect(servers().mem2).toEqual({ command: "node", args: [MEMORY], env: { K: "tok-cli-SECRET-77" } });
    const list = await fawn("list", "--json");
    expect(list.code).toBe(0);
    const doc = McpServersResponseSchema.parse(JSON.parse(list.out));
    expect(doc.servers.find((s) => s.name === "mem2")).toMatchObject({
      status: "sleeping",
      entry: { env: { K: "***" } },
    });
    expect(list.out).not.toContain("tok-cli-SECRET-77");
    expect((await fawn("list")).out).toMatch(/mem2\s+sleeping\s+stdio\s+9/);
    expect((await fawn("disable", "mem2")).code).toBe(0);
    expect(servers().mem2.enabled).toBe(false);
    expect((await fawn("enable", "mem2")).code).toBe(0);
    expect(servers().mem2.enabled).toBe(true);
    expect((await fawn("remove", "mem2")).code).toBe(0);
    expect(servers().mem2).toBeUndefined();
  });

  it("names the field, the server or the usage problem, and changes nothing then", async () => {
    const before = fs.readFileSync(cfg.extensions, "utf8");
    const r1 = await fawn("add", "web", "--entry", '{"type":"http"}');
    expect(r1).toMatchObject({ code: 1 });
    expect(r1.err).toContain("entry.url: a http server needs a url");
    expect((await fawn("add", "mem", "--command", "node")).err).toContain('"mem" already exists');
    expect((await fawn("remove", "nope")).err).toContain('no MCP server named "nope"');
    expect((await fawn("add", "bad name", "--command", "x")).code).toBe(2);
    expect((await fawn("add", "x", "--env", "NOEQUALS", "--command", "x")).err).toContain("--env");
    expect((await fawn("add", "x")).err).toContain("add needs --command, --url or --entry");
    expect(fs.readFileSync(cfg.extensions, "utf8")).toBe(before);
  });

  it("tests a saved server and an unsaved entry, exiting 1 when it cannot connect", async () => {
    const ok = await fawn("test", "mem", "--json");
    expect(ok.code).toBe(0);
    expect(McpServerProbeResultSchema.parse(JSON.parse(ok.out)).tools.length).toBe(9);
    const broken = await fawn("test", "other", "--command", "fawn-no-such-command");
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/could not connect .*ENOENT/);
    expect(servers().other).toBeUndefined();
  });

  it("login signs in through a loopback listener and the browser; logout revokes", async () => {
    expect((await fawn("add", "secure", "--url", fixture.mcpUrl)).code).toBe(0);
    const before = fixture.stats();
    let err = "";
    let resolveUrl: (url: string) => void = () => {};
    const urlSeen = new Promise<string>((r) => {
      resolveUrl = r;
    });
    const login = mcpMain(
      ["login", "secure", "--config", cfg.config],
      { write: () => true },
      {
        write: (s: string) => {
          err += s;
          const url = /^(http:\/\/\S+authorize\S*)$/m.exec(err)?.[1];
          if (url) resolveUrl(url);
          return true;
        },
      },
    );
    const back = await approveInBrowser(await urlSeen);
    expect(back.hostname).toBe("127.0.0.1");
    expect(back.pathname).toBe("/callback");
    const page = await fetch(back);
    expect(await page.text()).toContain("signed in to secure");
    expect(await login).toBe(0);
    expect(fixture.stats().codeExchanges).toBe(before.codeExchanges + 1);
    const store = path.join(cfg.dir, ".fawn", "mcp-oauth.json");
    expect(fs.statSync(store).mode & 0o777).toBe(0o600);
    const list = McpServersResponseSchema.parse(JSON.parse((await fawn("list", "--json")).out));
    expect(list.servers.find((s) => s.name === "secure")).toMatchObject({
      status: "sleeping",
      auth: { signed_in: true },
    });
    const logout = await fawn("logout", "secure");
    expect(logout.out).toContain("2 token(s) revoked");
    expect(JSON.parse(fs.readFileSync(store, "utf8")).servers.secure.tokens).toBeUndefined();
    expect((await fawn("login", "mem")).err).toContain("does not use OAuth");
  });
});
