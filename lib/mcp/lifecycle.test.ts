import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ResolvedServer } from "@/lib/config";
import { AppConfigSchema } from "@/lib/config/app-config";
import { fixture, server } from "@/test/support/mcp-servers";
import { REPO_ROOT as REPO } from "@/test/support/repo";
import { McpManager } from "./client";
import { planLifecycles, type ServerLifecycle, withBoundServers } from "./lifecycle";
import { ToolsCache } from "./tools-cache";

/** Lazy MCP servers against real stdio processes: each start of the fixture server appends its pid to a file. */

const managers: McpManager[] = [];
afterAll(async () => {
  await Promise.all(managers.map((m) => m.close()));
});

function setup(mode = "ok", extra: Record<string, unknown> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-lazy-"));
  const starts = path.join(dir, "starts.txt");
  const srv = fixture("lz", mode, { ...extra, env: { STARTS_FILE: starts, ...((extra.env as object) ?? {}) } });
  const cache = new ToolsCache(path.join(dir, "mcp-cache"));
  const startCount = () => (fs.existsSync(starts) ? fs.readFileSync(starts, "utf8").trim().split("\n").length : 0);
  const lastPid = () => Number(fs.readFileSync(starts, "utf8").trim().split("\n").at(-1));
  return { dir, srv, cache, startCount, lastPid };
}

const lazy = (idleMs = 60_000): Map<string, ServerLifecycle> =>
  new Map([["lz", { lifecycle: "lazy", reason: "every tool is deferred", idleMs }]]);

function manager(): McpManager {
  const m = new McpManager(REPO);
  managers.push(m);
  return m;
}

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("lazy MCP servers (real stdio processes)", () => {
  it("with no cache yet, a lazy server is started once to fill it, then sleeps with its tools known", async () => {
    const { srv, cache, startCount, lastPid } = setup();
    const m = manager();
    const r = await m.load([srv], { lifecycles: lazy(), cache });
    expect(startCount()).toBe(1);
    expect(r.servers[0]).toMatchObject({ status: "sleeping", lifecycle: "lazy", tools: 2, error: null });
    expect(r.servers[0].cached_at).not.toBeNull();
    expect(r.tools.map((t) => t.tool.name).sort()).toEqual(["lz_add", "lz_echo"]);
    await until(() => !alive(lastPid()));
    const file = path.join(cache.dir, "lz.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("a new manager on the same data dir spawns nothing until a tool is called, then the call wakes it", async () => {
    const { srv, cache, startCount } = setup();
    await manager().load([srv], { lifecycles: lazy(), cache });
    expect(startCount()).toBe(1);
    const m = manager();
    const r = await m.load([srv], { lifecycles: lazy(), cache });
    expect(r.servers[0].status).toBe("sleeping");
    expect(r.tools.map((t) => t.tool.name).sort()).toEqual(["lz_add", "lz_echo"]);
    // Loading again (a rebuild) does not start it either.
    await m.load([srv], { lifecycles: lazy(), cache });
    expect(startCount()).toBe(1);
    const echo = r.tools.find((t) => t.tool.name === "lz_echo");
    expect(await echo?.tool.invoke({ text: "woken by a call" })).toContain("woken by a call");
    expect(startCount()).toBe(2);
    expect(m.statuses()[0].status).toBe("connected");
  });

  it("a promotion wakes a sleeping server without waiting for it; an unrelated name wakes nothing", async () => {
    const { srv, cache, startCount } = setup();
    await manager().load([srv], { lifecycles: lazy(), cache });
    const m = manager();
    await m.load([srv], { lifecycles: lazy(), cache });
    expect(m.wake(["other_tool"])).toEqual([]);
    expect(m.wake(["lz_add"])).toEqual(["lz"]);
    await until(() => m.statuses()[0].status === "connected");
    expect(startCount()).toBe(2);
  });

  it("a woken lazy server is stopped after its idle timeout, and a later call starts it again", async () => {
    const { srv, cache, startCount, lastPid } = setup();
    const m = manager();
    const r = await m.load([srv], { lifecycles: lazy(400), cache });
    const add = r.tools.find((t) => t.tool.name === "lz_add");
    expect(await add?.tool.invoke({ a: 2, b: 3 })).toContain("5");
    const pid = lastPid();
    expect(alive(pid)).toBe(true);
    await until(() => m.statuses()[0].status === "sleeping");
    await until(() => !alive(pid));
    expect(await add?.tool.invoke({ a: 1, b: 1 })).toContain("2");
    expect(startCount()).toBe(3);
  });

  it("statusVersion moves when a server wakes or falls asleep, never when its status is only read", async () => {
    const { srv, cache } = setup();
    await manager().load([srv], { lifecycles: lazy(), cache });
    const m = manager();
    const r = await m.load([srv], { lifecycles: lazy(400), cache });
    const asleep = m.statusVersion;
    m.statuses();
    m.needsReload();
    m.statuses();
    expect(m.statusVersion).toBe(asleep);
    expect(await r.tools.find((t) => t.tool.name === "lz_add")?.tool.invoke({ a: 1, b: 2 })).toContain("3");
    const awake = m.statusVersion;
    expect(awake).toBeGreaterThan(asleep);
    expect(m.statuses()[0].status).toBe("connected");
    await until(() => m.statusVersion > awake);
    expect(m.statuses()[0].status).toBe("sleeping");
  });

  it("an eager server runs from boot and is never stopped for idleness", async () => {
    const { srv, cache, startCount } = setup();
    const m = manager();
    const eager = new Map([["lz", { lifecycle: "eager" as const, reason: "lifecycle: eager", idleMs: 200 }]]);
    const r = await m.load([srv], { lifecycles: eager, cache });
    expect(r.servers[0]).toMatchObject({ status: "connected", lifecycle: "eager" });
    await new Promise((res) => setTimeout(res, 600));
    expect(m.statuses()[0].status).toBe("connected");
    expect(startCount()).toBe(1);
  });

  it("a server that lists different tools when woken refreshes the cache and bumps the generation", async () => {
    const { dir, cache, startCount } = setup();
    const toolsFile = path.join(dir, "tools.json");
    fs.writeFileSync(toolsFile, JSON.stringify([{ name: "alpha", description: "first alpha" }]));
    const starts = path.join(dir, "starts.txt");
    const srv = fixture("lz", "changing", { env: { TOOLS_FILE: toolsFile, STARTS_FILE: starts } });
    await manager().load([srv], { lifecycles: lazy(), cache });
    fs.writeFileSync(
      toolsFile,
      JSON.stringify([
        { name: "alpha", description: "second alpha" },
        { name: "beta", description: "beta" },
      ]),
    );
    const m = manager();
    const stale = await m.load([srv], { lifecycles: lazy(), cache });
    // Asleep, it cannot know: the cached list is used.
    expect(stale.tools.map((t) => t.tool.name)).toEqual(["lz_alpha"]);
    expect(startCount()).toBe(1);
    const gen = m.generation;
    expect(await stale.tools[0]?.tool.invoke({})).toContain("alpha");
    expect(m.generation).toBeGreaterThan(gen);
    const fresh = await m.load([srv], { lifecycles: lazy(), cache });
    expect(fresh.tools.map((t) => [t.tool.name, t.tool.description])).toEqual([
      ["lz_alpha", "second alpha"],
      ["lz_beta", "beta"],
    ]);
    // The next process starts from the refreshed cache, still without spawning.
    const next = await manager().load([srv], { lifecycles: lazy(), cache });
    expect(next.tools.map((t) => t.tool.name)).toEqual(["lz_alpha", "lz_beta"]);
    expect(startCount()).toBe(2);
  });

  it("a running lazy server that announces tools/list_changed is listed again and the cache follows", async () => {
    const { dir, cache } = setup();
    const toolsFile = path.join(dir, "tools.json");
    fs.writeFileSync(toolsFile, JSON.stringify([{ name: "alpha" }]));
    const srv = fixture("lz", "changing", { env: { TOOLS_FILE: toolsFile } });
    const m = manager();
    const r = await m.load([srv], { lifecycles: lazy(), cache });
    await r.tools[0]?.tool.invoke({});
    fs.writeFileSync(toolsFile, JSON.stringify([{ name: "alpha" }, { name: "gamma" }]));
    await until(() => m.needsReload());
    const after = await m.load([srv], { lifecycles: lazy(), cache });
    expect(after.tools.map((t) => t.tool.name)).toEqual(["lz_alpha", "lz_gamma"]);
    const reread = await manager().load([srv], { lifecycles: lazy(), cache });
    expect(reread.tools.map((t) => t.tool.name)).toEqual(["lz_alpha", "lz_gamma"]);
  });

  it("a lazy server that cannot start when called fails that call naming the server, and keeps its tools", async () => {
    const { dir, cache } = setup();
    const toolsFile = path.join(dir, "tools.json");
    fs.writeFileSync(toolsFile, JSON.stringify([{ name: "alpha" }]));
    const srv = fixture("lz", "changing", { env: { TOOLS_FILE: toolsFile } });
    await manager().load([srv], { lifecycles: lazy(), cache });
    fs.rmSync(toolsFile);
    const m = manager();
    const r = await m.load([srv], { lifecycles: lazy(), cache });
    const alpha = r.tools[0];
    await expect(alpha?.tool.invoke({})).rejects.toThrow(/MCP server "lz"/);
    expect(m.statuses()[0]).toMatchObject({ status: "failed", tools: 1 });
    expect(m.statuses()[0].error).toMatch(/TOOLS_FILE/);
    // The catalog does not change under the agent: the tool stays, and the next call tries again.
    const again = await m.load([srv], { lifecycles: lazy(), cache });
    expect(again.tools.map((t) => t.tool.name)).toEqual(["lz_alpha"]);
    fs.writeFileSync(toolsFile, JSON.stringify([{ name: "alpha" }]));
    expect(await alpha?.tool.invoke({})).toContain("alpha");
    expect(m.statuses()[0].status).toBe("connected");
  });

  it("making a sleeping server eager (a tool of it is bound) starts it", async () => {
    const { srv, cache, startCount } = setup();
    const m = manager();
    await m.load([srv], { lifecycles: lazy(), cache });
    expect(m.statuses()[0].status).toBe("sleeping");
    await m.setLifecycles(withBoundServers(lazy(), new Map([["lz", "lz_echo"]])));
    expect(m.statuses()[0]).toMatchObject({ status: "connected", lifecycle: "eager" });
    expect(m.statuses()[0].lifecycle_reason).toBe("tool lz_echo is bound");
    expect(startCount()).toBe(2);
  });
});

describe("planLifecycles", () => {
  const app = (extra: Record<string, unknown> = {}) =>
    AppConfigSchema.parse({ models: [{ name: "m", model: "m" }], ...extra });
  const servers: ResolvedServer[] = [
    server("plain", { command: "node" }),
    server("pinned", { command: "node", lifecycle: "eager" }),
    server("never", { command: "node", tools: { clock: { defer: "never" } } }),
    server("asked", { command: "node", lifecycle: "lazy", idle_timeout: 5 }),
  ];

  it("lazy by default for deferred servers; eager when set, or when a tool of it is bound", () => {
    const plan = planLifecycles({ app: app(), servers });
    expect(plan.get("plain")).toEqual({ lifecycle: "lazy", reason: "every tool is deferred", idleMs: 300_000 });
    expect(plan.get("pinned")?.lifecycle).toBe("eager");
    expect(plan.get("never")).toMatchObject({ lifecycle: "eager", reason: "tool clock is bound (defer: never)" });
    expect(plan.get("asked")).toEqual({ lifecycle: "lazy", reason: "lifecycle: lazy", idleMs: 5000 });
  });

  it("every server is eager with tool_search off; the default idle timeout comes from config.yaml", () => {
    const off = planLifecycles({ app: app({ tool_search: { enabled: false } }), servers });
    expect([...off.values()].every((l) => l.lifecycle === "eager")).toBe(true);
    const idle = planLifecycles({ app: app({ mcp: { idle_timeout: 42 } }), servers });
    expect(idle.get("plain")?.idleMs).toBe(42_000);
  });
});
