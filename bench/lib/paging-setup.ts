import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { McpManager } from "@/lib/mcp/client";
import type { ServerLifecycle } from "@/lib/mcp/lifecycle";
import { ToolsCache } from "@/lib/mcp/tools-cache";
import { server } from "../../test/support/mcp-servers";
import { REPO_ROOT as REPO } from "../../test/support/repo";

const MEMORY = path.join(REPO, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");

/** A config folder with `n` server-memory instances (each with its own file), all with this lifecycle. */
export function startupDir(n: number, lifecycle: "eager" | "lazy"): { config: string; extensions: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fawn-bench-paging-${lifecycle}-`));
  const config = path.join(dir, "config.yaml");
  const extensions = path.join(dir, "extensions_config.json");
  fs.writeFileSync(
    config,
    [
      "models:",
      "  - name: demo",
      "    model: fawn-demo",
      "checkpointer:",
      "  path: threads.sqlite",
      "sandbox:",
      "  root: sandbox",
      "  bash: off",
      "mcp:",
      "  cache_dir: mcp-cache",
      "",
    ].join("\n"),
  );
  const servers = Object.fromEntries(
    Array.from({ length: n }, (_, i) => {
      const name = `mem${String(i + 1).padStart(2, "0")}`;
      return [
        name,
        { command: "node", args: [MEMORY], env: { MEMORY_FILE_PATH: path.join(dir, `${name}.jsonl`) }, lifecycle },
      ];
    }),
  );
  fs.writeFileSync(extensions, JSON.stringify({ mcpServers: servers }, null, 2));
  return { config, extensions };
}

const LAZY: ServerLifecycle = { lifecycle: "lazy", reason: "bench", idleMs: 600_000 };

/**
 * One server-memory, lazy, with its tools cached: each run is a fresh manager (the server sleeps), timing
 * `read_graph` when the call has to start it, the same call once it runs, and a call 300 ms after a
 * promotion started it (about what a model takes to write its next call).
 */
export async function firstCallLatency(
  runs: number,
): Promise<{ sleeping: number[]; running: number[]; afterWake: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-bench-firstcall-"));
  const srv = server("mem", { command: "node", args: [MEMORY], env: { MEMORY_FILE_PATH: path.join(dir, "m.jsonl") } });
  const cache = new ToolsCache(path.join(dir, "cache"));
  const lifecycles = new Map([["mem", LAZY]]);
  const fill = new McpManager(REPO);
  await fill.load([srv], { lifecycles, cache });
  await fill.close();
  const out = { sleeping: [] as number[], running: [] as number[], afterWake: [] as number[] };
  const timed = async (f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  for (let i = 0; i < runs; i++) {
    const m = new McpManager(REPO);
    const loaded = await m.load([srv], { lifecycles, cache });
    const read = loaded.tools.find((t) => t.tool.name === "mem_read_graph");
    if (!read || m.statuses()[0]?.status !== "sleeping") throw new Error("expected a sleeping server with read_graph");
    out.sleeping.push(await timed(() => read.tool.invoke({})));
    out.running.push(await timed(() => read.tool.invoke({})));
    await m.close();
    const w = new McpManager(REPO);
    const again = await w.load([srv], { lifecycles, cache });
    w.wake(["mem_read_graph"]);
    await new Promise((r) => setTimeout(r, 300));
    const tool = again.tools.find((t) => t.tool.name === "mem_read_graph");
    out.afterWake.push(await timed(() => tool!.tool.invoke({})));
    await w.close();
  }
  return out;
}
