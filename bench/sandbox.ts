/**
 * Time per bash tool call, bubblewrap sandbox vs the host: `npm run -s bench:sandbox -- [--calls 50]`.
 * Each mode runs a one-liner (`echo hi`) and a small script, `--calls` times after two warm-up calls,
 * through the real tool (config, thread folder, limits, output capture). Prints median and p95 ms per
 * call and the sandbox's overhead. Figures only.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LoadedConfig } from "@/lib/config";
import { AppConfigSchema } from "@/lib/config/app-config";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { bash_tool } from "@/lib/sandbox/bash";
import type { BashMode } from "@/lib/sandbox/settings";
import { toolContextFor } from "@/lib/tools/context";
import { numberFlag, parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { ms, table } from "./lib/report";

const COMMANDS: Array<[string, string]> = [
  ["echo hi", "echo hi"],
  [
    "small script",
    "cd workspace && printf 'b\\na\\nc\\n' > f.txt && sort f.txt | uniq | wc -l && sha256sum f.txt | cut -c1-8 && ls -l | wc -l",
  ],
];

/** The bash tool as the runtime builds it for this mode. */
function bashFor(mode: BashMode, base: string): StructuredToolInterface {
  const app = AppConfigSchema.parse({
    models: [{ name: "demo", model: "demo" }],
    sandbox: { root: "sandbox", bash: mode },
    tools: [{ name: "bash", use: "@/lib/sandbox:bash_tool", timeout_s: 30 }],
  });
  const paths = {
    config: path.join(base, "config.yaml"),
    extensions: path.join(base, "x.json"),
    extensionsExplicit: false,
  };
  const config: LoadedConfig = { app, modelsMissingKey: [], servers: [], paths, baseDir: base, fingerprint: "bench" };
  return bash_tool(app.tools[0] ?? {}, toolContextFor(config));
}

async function timeCalls(bash: StructuredToolInterface, command: string, calls: number): Promise<number[]> {
  const cfg = { configurable: { thread_id: "bench" } };
  const times: number[] = [];
  for (let i = 0; i < calls + 2; i++) {
    const started = performance.now();
    const out = await bash.invoke({ command }, cfg);
    const elapsed = performance.now() - started;
    if (!out.endsWith("[exit code 0]")) throw new Error(`"${command}" failed:\n${out}`);
    if (i >= 2) times.push(elapsed);
  }
  return times;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), ["calls"]);
  const calls = numberFlag(args, "calls", 50, { min: 1, whole: true });
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "fawn-bench-sandbox-")));
  const rows: string[][] = [];
  const medians = new Map<string, number>();
  try {
    for (const [label, command] of COMMANDS) {
      for (const mode of ["host", "bwrap"] as const) {
        const t = (await timeCalls(bashFor(mode, base), command, calls)).sort((a, b) => a - b);
        medians.set(`${label}/${mode}`, percentile(t, 50));
        rows.push([label, mode, String(calls), ms(percentile(t, 50)), ms(percentile(t, 95)), ms(t[t.length - 1])]);
      }
      const over = (medians.get(`${label}/bwrap`) ?? 0) - (medians.get(`${label}/host`) ?? 0);
      rows.push([label, "bwrap - host", "", ms(over), "", ""]);
    }
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
  console.log(`bash tool calls on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ms per call`);
  console.log(table(["command", "mode", "calls", "median", "p95", "max"], rows));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
