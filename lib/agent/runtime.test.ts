import fs from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { FawnRuntime } from "./runtime";
import { tempConfig } from "@/test/support/config";
import { fixtureConfig } from "@/test/support/mcp-servers";
import { REPO_ROOT } from "@/test/support/repo";

describe("FawnRuntime reload", () => {
  const paths = tempConfig({ servers: {} });
  const rt = new FawnRuntime(paths);
  afterAll(() => rt.close());

  it("reuses the agent while nothing changes, rebuilds on an edit, keeps the last good one after a broken edit", async () => {
    const first = await rt.get();
    expect(await rt.get()).toBe(first);
    const good = fs.readFileSync(paths.config, "utf8");

    fs.writeFileSync(paths.config, `${good}tool_search:\n  max_results: 3\n`);
    const second = await rt.get();
    expect(second.built).not.toBe(first.built);
    expect(second.config.app.tool_search.max_results).toBe(3);

    fs.writeFileSync(paths.config, `${good}tool_search:\n  max_results: lots\n`);
    const broken = await rt.get();
    expect(broken.built).toBe(second.built);
    expect(broken.error).toMatch(/config\.yaml:\d+: tool_search\.max_results/);

    fs.writeFileSync(paths.config, `${good}tools:\n  - name: x\n    use: "./missing.mjs:x"\n`);
    const badTool = await rt.get();
    expect(badTool.built).toBe(second.built);
    expect(badTool.error).toMatch(/tools\[0\]\.use: tool "x": module "\.\/missing\.mjs" not found/);

    fs.writeFileSync(paths.config, good);
    const fixed = await rt.get();
    expect(fixed.error).toBeNull();
    expect(fixed.config.app.tool_search.max_results).toBe(5);
  });
});

describe("FawnRuntime MCP statuses", () => {
  const SECRET = "tok-runtime-SECRET-3307";
  const paths = tempConfig({
    servers: {
      // tsx resolves from the repo.
      lz: fixtureConfig("ok", { cwd: REPO_ROOT, lifecycle: "lazy" }),
      leaky: {
        command: "node",
        args: ["-e", "process.stderr.write(`token is ${process.env.API_TOKEN}\\n`); process.exit(1)"],
        env: { API_TOKEN: SECRET },
      },
    },
  });
  const rt = new FawnRuntime(paths);
  afterAll(() => rt.close());

  it("the same runtime while no server changed; a lazy server's wake shows in the next one; errors masked", async () => {
    const first = await rt.get();
    const status = (r: typeof first, name: string) => r.mcpServers.find((s) => s.name === name);
    expect(status(first, "lz")?.status).toBe("sleeping");
    expect(status(first, "leaky")?.error).toContain("token is ***");
    expect(JSON.stringify(first.mcpServers)).not.toContain(SECRET);
    expect(await rt.get()).toBe(first);
    const add = first.built.tools.find((t) => t.tool.name === "lz_add");
    expect(await add?.tool.invoke({ a: 2, b: 2 })).toContain("4");
    const woken = await rt.get();
    expect(woken).not.toBe(first);
    expect(woken.built).toBe(first.built);
    expect(status(woken, "lz")?.status).toBe("connected");
    expect(await rt.get()).toBe(woken);
  });
});

describe("runTurn and the cross-process thread lock", () => {
  it("refuses a thread another process is running, then runs once it is free", async () => {
    const { ThreadLocks } = await import("@/lib/persistence/thread-lock");
    const { processIdentity } = await import("@/lib/persistence/process-identity");
    const { runTurn } = await import("./run-turn");
    const rt = new FawnRuntime(tempConfig({ servers: {} }));
    const runtime = await rt.get();
    // The holder is our parent process: alive, and not us.
    const other = new ThreadLocks(runtime.dbPath, { self: processIdentity(process.ppid) });
    other.acquire("busy-thread", "server-run");
    const events: Array<{ type: string; message?: string }> = [];
    expect((await runTurn(runtime, { message: "hello", threadId: "busy-thread" }, (e) => events.push(e))).ok).toBe(
      false,
    );
    expect(events[0].message).toMatch(/busy: another process/);
    other.release("busy-thread", "server-run");
    expect((await runTurn(runtime, { message: "hello", threadId: "busy-thread" }, () => undefined)).ok).toBe(true);
    await rt.close();
  });
});

describe("FawnRuntime and the search index", () => {
  const paths = tempConfig({
    servers: {
      ok: fixtureConfig("ok", { cwd: REPO_ROOT }),
    },
  });
  const rt = new FawnRuntime(paths);
  afterAll(() => rt.close());

  it("builds the deferred tools' search index and pattern index as soon as the agent is built, before any tool_search", async () => {
    const level = process.env.FAWN_LOG_LEVEL;
    process.env.FAWN_LOG_LEVEL = "info";
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const runtime = await rt.get();
      const catalog = runtime.built.setup.catalog;
      expect(catalog?.entries.length).toBeGreaterThan(0);
      const builtLines = (event: string) =>
        written
          .flatMap((w) => w.split("\n"))
          .filter((l) => l.includes(`"event":"${event}"`))
          .map((l) => JSON.parse(l) as { tools: number; ms: number; busy_ms: number; slices: number });
      // Built a slice at a time, with the event loop's turns between: wait for its line, then the pattern index's.
      await vi.waitFor(() => expect(builtLines("search.pattern_index_built")).toHaveLength(1), { timeout: 10_000 });
      for (const event of ["search.index_built", "search.pattern_index_built"]) {
        const built = builtLines(event);
        expect(built).toHaveLength(1);
        expect(built[0]!.tools).toBe(catalog!.entries.length);
        expect(built[0]!.slices).toBeGreaterThan(0);
      }
      // Both are there: warming again builds nothing.
      expect((await catalog!.warm()).built).toBe(false);
      expect((await catalog!.warmPatterns()).built).toBe(false);
    } finally {
      spy.mockRestore();
      if (level === undefined) delete process.env.FAWN_LOG_LEVEL;
      else process.env.FAWN_LOG_LEVEL = level;
    }
  });
});
