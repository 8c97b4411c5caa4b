import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runTurn, type TurnEvent } from "@/lib/agent/run-turn";
import { FawnRuntime } from "@/lib/agent/runtime";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { isPrefetchCall } from "@/lib/contracts/prefetch";
import { createDemoFetch } from "@/lib/models/demo/fetch";
import { FILE_TOOLS_YAML } from "../../test/support/approval-runtime";
import { REPO_ROOT as REPO } from "../../test/support/repo";
import { SESSION, TASKS } from "../paging/tasks";

/**
 * The shipped MCP servers (extensions_config.json: workbench, memory, everything) in a throwaway data dir, the
 * sandbox's file tools, the demo model, no approvals (so no run waits for a person), and the given tool_search settings.
 */
function shippedConfig(toolSearchYaml: string): { config: string; extensions: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-bench-paging-"));
  process.env.FAWN_DATA_DIR = dir;
  const shipped = JSON.parse(fs.readFileSync(path.join(REPO, "extensions_config.json"), "utf8")) as {
    mcpServers: Record<string, Record<string, unknown>>;
  };
  for (const s of Object.values(shipped.mcpServers)) if (s.command) s.cwd = REPO;
  const extensions = path.join(dir, "extensions_config.json");
  fs.writeFileSync(extensions, JSON.stringify(shipped));
  const config = path.join(dir, "config.yaml");
  fs.writeFileSync(
    config,
    `models:\n  - name: demo\n    model: fawn-demo\n${FILE_TOOLS_YAML}approvals:\n  default: never\ncheckpointer:\n  path: threads.sqlite\nsandbox:\n  root: sandbox\n  bash: off\nmcp:\n  cache_dir: mcp-cache\ntool_search:\n${toolSearchYaml}`,
  );
  return { config, extensions };
}

/** A runtime whose every model request body is kept, as sent. */
function recordedRuntime(paths: { config: string; extensions: string }) {
  const bodies: string[] = [];
  const demo = createDemoFetch();
  const rt = new FawnRuntime({
    ...paths,
    models: {
      fetch: async (input, init) => {
        bodies.push(String(init?.body));
        return demo(input, init);
      },
    },
  });
  return { rt, bodies };
}

export interface TaskRun {
  message: string;
  expected: string | null;
  modelCalls: number;
  /** The first tool other than tool_search the model called (through call_tool or not). */
  called: string | null;
  ok: boolean;
  prefetched: string[];
}

function firstToolCalled(events: TurnEvent[]): { name: string | null; ok: boolean } {
  const call = events.find(
    (e): e is Extract<TurnEvent, { type: "tool_call" }> => e.type === "tool_call" && e.name !== "tool_search",
  );
  if (!call) return { name: null, ok: false };
  const name = call.name === CALL_TOOL_NAME ? String(call.args.name ?? "") : call.name;
  const result = events.find((e) => e.type === "tool_result" && e.id === call.id);
  return { name, ok: result?.type === "tool_result" && result.status === "success" };
}

/** Every task on a fresh thread of one runtime: model calls, the tool used, what prefetch promoted. */
export async function runTaskSet(prefetch: { enabled: boolean; k: number; min_score: number }): Promise<TaskRun[]> {
  const yaml = `  prefetch:\n    enabled: ${prefetch.enabled}\n    k: ${prefetch.k}\n    min_score: ${prefetch.min_score}\n`;
  const { rt, bodies } = recordedRuntime(shippedConfig(yaml));
  const runs: TaskRun[] = [];
  try {
    const runtime = await rt.get();
    for (const [i, task] of TASKS.entries()) {
      const before = bodies.length;
      const events: TurnEvent[] = [];
      await runTurn(runtime, { message: task.message, threadId: `task-${i}` }, (e) => events.push(e));
      const first = firstToolCalled(events);
      const prefetched = events
        .filter((e): e is Extract<TurnEvent, { type: "tool_call" }> => e.type === "tool_call" && isPrefetchCall(e.id))
        .flatMap((e) =>
          String(e.args.query ?? "")
            .replace(/^select:/, "")
            .split(","),
        );
      runs.push({
        message: task.message,
        expected: task.tool,
        modelCalls: bodies.length - before,
        called: first.name,
        ok: first.ok,
        prefetched,
      });
    }
  } finally {
    await rt.close();
  }
  return runs;
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return Buffer.byteLength(a.slice(0, i));
}

/** The 10-turn session on one thread; per request (from the second), bytes shared with the previous one's prefix. */
export async function runPrefix(binding: "bind" | "proxy"): Promise<{
  bytes: number[];
  prefixBytes: number[];
  shares: number[];
  toolSets: number;
}> {
  const { rt, bodies } = recordedRuntime(shippedConfig(`  binding: ${binding}\n`));
  try {
    const runtime = await rt.get();
    for (const message of SESSION) await runTurn(runtime, { message, threadId: "session" }, () => undefined);
  } finally {
    await rt.close();
  }
  const bytes = bodies.map((b) => Buffer.byteLength(b));
  const prefixBytes = bodies.slice(1).map((b, i) => commonPrefix(bodies[i] as string, b));
  const shares = prefixBytes.map((p, i) => p / (bytes[i + 1] as number));
  const toolSets = new Set(bodies.map((b) => JSON.stringify((JSON.parse(b) as { tools?: unknown }).tools ?? []))).size;
  return { bytes, prefixBytes, shares, toolSets };
}
