import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnHttpServer } from "@/test/support/spawn-http";
import { WORKBENCH_DESCRIPTION } from "@/servers/workbench/server";
import { McpManager } from "./client";
import { ToolsCache } from "./tools-cache";
import { everything, fixture, server } from "@/test/support/mcp-servers";
import { REPO_ROOT as REPO } from "@/test/support/repo";

const managers: McpManager[] = [];
const manager = () => {
  const m = new McpManager(REPO);
  managers.push(m);
  return m;
};
afterAll(async () => {
  await Promise.all(managers.map((m) => m.close()));
});

describe("McpManager", () => {
  it("loads good servers while a failing, a hanging and a disabled one are isolated", async () => {
    const m = manager();
    const r = await m.load(
      [
        everything(),
        fixture("crasher", "crash_at_start"),
        fixture("hanger", "hang_at_init", { session_init_timeout: 1.5 }),
        server("off", { enabled: false, command: "node" }),
        server("unset", { command: "node" }),
      ].map((s) =>
        s.name === "unset" ? { ...s, error: "mcpServers.unset.env.TOKEN: $TOKEN is not set in the environment" } : s,
      ),
    );
    const byName = Object.fromEntries(r.servers.map((s) => [s.name, s]));
    expect(byName.everything).toMatchObject({ status: "connected", error: null });
    expect(byName.everything.tools).toBeGreaterThan(5);
    expect(byName.crasher.status).toBe("failed");
    expect(byName.crasher.error).toMatch(/crash/i);
    expect(byName.hanger).toMatchObject({ status: "failed" });
    expect(byName.hanger.error).toMatch(/timed out after 1\.5s/);
    expect(byName.off).toMatchObject({ status: "disabled", tools: 0 });
    expect(byName.unset.error).toMatch(/\$TOKEN is not set/);
    expect(r.tools.every((t) => t.server === "everything")).toBe(true);
    expect(r.tools.map((t) => t.tool.name)).toContain("everything_echo");
  });

  it("prefixes names by default and can leave them bare", async () => {
    const m = manager();
    const r = await m.load([fixture("fx", "ok"), fixture("raw", "ok", { tool_name_prefix: false })]);
    expect(r.tools.map((t) => t.tool.name).sort()).toEqual(["add", "echo", "fx_add", "fx_echo"]);
    const echo = r.tools.find((t) => t.tool.name === "fx_echo");
    expect(echo?.originalName).toBe("echo");
    expect(await echo?.tool.invoke({ text: "hi" })).toContain("hi");
  });

  it("drops invalid names and non-object schemas with warnings, keeping the rest", async () => {
    const m = manager();
    const r = await m.load([
      fixture("bad", "bad_names", { tool_name_prefix: false }),
      fixture("so", "schema_not_object"),
    ]);
    const names = r.tools.map((t) => t.tool.name);
    expect(names).toContain("ok_tool");
    expect(names).toContain("so_ok_tool");
    expect(names.some((n) => /[ ./]/.test(n) || n.length > 64)).toBe(false);
    const warnings = r.servers.flatMap((s) => s.warnings).join("\n");
    expect(warnings).toMatch(/bad: tool "has space" dropped/);
    expect(warnings).toMatch(/so: tool "string_schema" dropped/);
  });

  it("speaks Streamable HTTP", async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-wb-"));
    const srv = await spawnHttpServer("servers/workbench/main.ts", ["--data", data]);
    try {
      const m = manager();
      const r = await m.load([server("wb", { type: "http", url: srv.url })]);
      expect(r.servers[0]).toMatchObject({ status: "connected", transport: "http" });
      const calc = r.tools.find((t) => t.tool.name === "wb_calculate");
      expect(calc).toBeDefined();
    } finally {
      await srv.stop();
    }
  });

  it("a server that crashes mid-call: the call fails with an error, the next call reconnects", async () => {
    const m = manager();
    const r = await m.load([fixture("cr", "crash_on_call")]);
    const boom = r.tools.find((t) => t.tool.name === "cr_boom");
    const echo = r.tools.find((t) => t.tool.name === "cr_echo");
    await expect(boom?.tool.invoke({})).rejects.toThrow();
    await new Promise((res) => setTimeout(res, 100));
    expect(m.needsReload()).toBe(true);
    expect(await echo?.tool.invoke({ text: "again" })).toContain("again");
    const again = await m.load([fixture("cr", "crash_on_call")]);
    expect(again.servers[0].status).toBe("connected");
  });

  it("a tool call that hangs past tool_call_timeout fails, and the server stays usable", async () => {
    const m = manager();
    const r = await m.load([fixture("hg", "hang_on_call", { tool_call_timeout: 1 })]);
    const slow = r.tools.find((t) => t.tool.name === "hg_slow");
    const started = Date.now();
    await expect(slow?.tool.invoke({})).rejects.toThrow(/timed out|timeout/i);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await r.tools.find((t) => t.tool.name === "hg_echo")?.tool.invoke({ text: "ok" })).toContain("ok");
  });

  it("a server that announces a changed tool list is listed again on the same connection", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-notify-"));
    const file = path.join(dir, "tools.json");
    fs.writeFileSync(file, JSON.stringify([{ name: "alpha" }]));
    const m = manager();
    const cfg = fixture("nt", "changing", { env: { TOOLS_FILE: file } });
    expect((await m.load([cfg])).tools.map((t) => t.tool.name)).toEqual(["nt_alpha"]);
    const gen = m.generation;
    fs.writeFileSync(
      file,
      JSON.stringify([{ name: "alpha", description: "now with a new description" }, { name: "gamma" }]),
    );
    for (let i = 0; i < 200 && !m.needsReload(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(m.needsReload()).toBe(true);
    const after = await m.load([cfg]);
    expect(after.tools.map((t) => t.tool.name)).toEqual(["nt_alpha", "nt_gamma"]);
    expect(after.tools[0].tool.description).toBe("now with a new description");
    expect(m.generation).toBeGreaterThan(gen);
    expect(m.needsReload()).toBe(false);
  });

  it("a changed tool list between sessions bumps the generation", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-chg-"));
    const file = path.join(dir, "tools.json");
    fs.writeFileSync(file, JSON.stringify([{ name: "alpha" }]));
    const m = manager();
    const cfg = fixture("ch", "changing", { env: { TOOLS_FILE: file } });
    const first = await m.load([cfg]);
    expect(first.tools.map((t) => t.tool.name)).toEqual(["ch_alpha"]);
    const gen = m.generation;
    fs.writeFileSync(file, JSON.stringify([{ name: "alpha" }, { name: "beta" }]));
    const changed = fixture("ch", "changing", { env: { TOOLS_FILE: file }, description: "changed config" });
    const second = await m.load([changed]);
    expect(second.tools.map((t) => t.tool.name)).toEqual(["ch_alpha", "ch_beta"]);
    expect(m.generation).toBeGreaterThan(gen);
  });
});

describe("secrets", () => {
  it("a failing server's error and a dropped tool's warning are masked in its status", async () => {
    const SECRET = "tok-status-SECRET-6120";
    const m = new McpManager(REPO, () => [SECRET, "dots.are.bad"]);
    managers.push(m);
    const r = await m.load([
      // Its stderr (which the error quotes) echoes its own token.
      server("leaky", {
        command: "node",
        args: ["-e", "process.stderr.write(`token is ${process.env.API_TOKEN}\\n`); process.exit(1)"],
        env: { API_TOKEN: SECRET },
      }),
      fixture("bad", "bad_names", { tool_name_prefix: false }),
    ]);
    for (const statuses of [r.servers, m.statuses()]) {
      const [leaky, bad] = statuses;
      expect(leaky.status).toBe("failed");
      expect(leaky.error).toContain("token is ***");
      expect(JSON.stringify(statuses)).not.toContain(SECRET);
      expect(bad.warnings.join("\n")).toContain('tool "***" dropped');
      expect(bad.warnings.join("\n")).not.toContain("dots.are.bad");
    }
  });

  it("a tool result that echoes the server's env is masked", async () => {
    const m = new McpManager(REPO, () => ["s3cr3t-value-42"]);
    managers.push(m);
    const srv = everything("ev");
    const r = await m.load([{ ...srv, config: { ...srv.config, env: { FAWN_TEST_SECRET: "s3cr3t-value-42" } } }]);
    const getEnv = r.tools.find((t) => t.tool.name === "ev_get-env");
    const out = JSON.stringify(await getEnv?.tool.invoke({}));
    expect(out).toContain("FAWN_TEST_SECRET");
    expect(out).not.toContain("s3cr3t-value-42");
    expect(out).toContain("***");
  });

  it("a server's own description stands in for a config that gives none, and is kept with its cached tools", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-described-"));
    const workbench = (name: string, extra: Record<string, unknown> = {}) =>
      server(name, {
        command: "node",
        args: ["--import", "tsx", "servers/workbench/main.ts", "stdio", "--data", path.join(dir, name)],
        ...extra,
      });
    const cache = new ToolsCache(path.join(dir, "mcp-cache"));
    const r = await manager().load([workbench("own"), workbench("mine", { description: "My everyday tools" })], {
      cache,
    });
    const byName = Object.fromEntries(r.servers.map((s) => [s.name, s]));
    expect(byName.own).toMatchObject({ status: "connected", description: WORKBENCH_DESCRIPTION });
    expect(byName.mine).toMatchObject({ status: "connected", description: "My everyday tools" });
    // A lazy server read from the cache, not started, still says what it is for.
    const lazy = new Map([["own", { lifecycle: "lazy" as const, reason: "every tool is deferred", idleMs: 60_000 }]]);
    const again = await manager().load([workbench("own")], { lifecycles: lazy, cache });
    expect(again.servers[0]).toMatchObject({ status: "sleeping", description: WORKBENCH_DESCRIPTION });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
