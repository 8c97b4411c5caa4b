/**
 * One measurement of bench:paging's startup part, in a process of its own so its RSS is its own:
 *   node --import tsx bench/paging/startup-child.ts <config.yaml> <extensions_config.json>
 * Builds the runtime (what the first /api/tools or chat request waits for) and prints one JSON line:
 * the time from constructing it to a built agent (and the CPU it took), the time since the process started, the MCP server
 * processes running, and RSS of this process and of its children once settled.
 */
import { FawnRuntime } from "@/lib/agent/runtime";
import { treeRss } from "../lib/paging-procs";

const [config, extensions] = process.argv.slice(2);
if (!config || !extensions) throw new Error("usage: startup-child.ts <config.yaml> <extensions_config.json>");

const started = performance.now();
const cpu = process.cpuUsage();
const rt = new FawnRuntime({ config, extensions });
const runtime = await rt.get();
const readyMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const sinceProcessStart = performance.now();
const statuses = runtime.mcpServers.map((s) => s.status);
// Lazy servers started only to fill the cache are stopping: sample once they are gone.
await new Promise((r) => setTimeout(r, 1500));
const rss = treeRss(process.pid);
process.stdout.write(
  `${JSON.stringify({
    ready_ms: readyMs,
    // CPU this process spent getting ready: steadier than wall time on a shared machine.
    cpu_ms: (used.user + used.system) / 1000,
    process_ms: sinceProcessStart,
    running: statuses.filter((s) => s === "connected").length,
    sleeping: statuses.filter((s) => s === "sleeping").length,
    failed: statuses.filter((s) => s === "failed").length,
    self_mb: rss.self,
    children_mb: rss.children,
    children: rss.count,
  })}\n`,
);
await rt.close();
process.exit(0);
