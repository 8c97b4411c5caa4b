import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { FawnRuntime } from "./runtime";
import { tempConfig } from "@/test/support/config";

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
