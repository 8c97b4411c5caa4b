import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { threadIdOf, type ToolFactory, type ToolSettings } from "@/lib/tools/context";
import { probeBwrap } from "./availability";
import { bwrapArgs } from "./bwrap";
import { LIMITS, formatBytes } from "./limits";
import { VIRTUAL_ROOT, ensureThreadDir } from "./paths";
import { limitNote, limitedShell } from "./rlimits";
import { type ProcessRun, runProcess } from "./run-process";
import type { BashSettings } from "./settings";

export { CappedOutput } from "./run-process";

const MAX_COMMAND_CHARS = 100_000;

/**
 * On the host (`sandbox.bash: host`) only these variables reach the command: the server's
 * environment holds API keys and tokens, and anything the command can print may end up in the
 * model's context. The bubblewrap sandbox sets its own, equivalent ones.
 */
export function bashEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH || "/usr/local/bin:/usr/bin:/bin",
    HOME: home,
    LANG: process.env.LANG || "C.UTF-8",
  };
}

function timeoutSeconds(settings: ToolSettings): number {
  const raw = settings.timeout_s;
  if (raw === undefined) return LIMITS.bashTimeoutS;
  if (typeof raw !== "number" || !Number.isFinite(raw) || raw <= 0 || raw > 3600) {
    throw new Error(
      `config.yaml tools[bash].timeout_s must be a number of seconds in (0, 3600], got ${JSON.stringify(raw)}`,
    );
  }
  return raw;
}

export function formatRun(run: ProcessRun, threadDir: string, timeoutS: number, settings?: BashSettings): string {
  // The model knows the folder as /mnt/user-data; the host path would only confuse it (and leaks the layout).
  const body = run.output.text().split(threadDir).join(VIRTUAL_ROOT).replace(/\n$/, "");
  const notes: string[] = [];
  if (run.output.truncated) {
    notes.push(
      `[output truncated: ${formatBytes(run.output.total)} in all, showing the first and last ${formatBytes(LIMITS.bashOutputBytes / 2)}]`,
    );
  }
  if (run.timedOut) notes.push(`[timed out after ${timeoutS} s: the command and everything it started were killed]`);
  else if (run.aborted) notes.push("[cancelled: the command and everything it started were killed]");
  else if (run.exitCode !== null) notes.push(`[exit code ${run.exitCode}]`);
  else notes.push(`[killed by ${run.signal ?? "a signal"}]`);
  const limit = settings && !run.timedOut && !run.aborted ? limitNote(run.exitCode, settings.limits) : null;
  if (limit) notes.push(limit);
  return `${body === "" ? "(no output)" : body}\n${notes.join("\n")}`;
}

/** The program and arguments that run one command under the configured mode. */
async function commandLine(
  command: string,
  threadDir: string,
  settings: BashSettings,
): Promise<{ file: string; args: string[]; cwd?: string; env: Record<string, string> }> {
  if (settings.mode === "off") {
    throw new Error(
      "bash is off on this server (`sandbox.bash: off` in config.yaml). Use ls, read_file, write_file and str_replace instead.",
    );
  }
  if (settings.mode === "host") {
    const [file, ...args] = limitedShell(command, settings.limits, { processes: false });
    return { file, args, cwd: threadDir, env: bashEnv(threadDir) };
  }
  const bwrap = await probeBwrap();
  if (!bwrap.ok) throw new Error(`bash is unavailable: ${bwrap.reason}`);
  const sandbox = bwrapArgs({
    threadDir,
    network: settings.network,
    tmpBytes: settings.limits.tmp_mb * 1024 * 1024,
    features: bwrap.features,
  });
  // bwrap itself gets an empty environment: inside, /proc/1/environ is bwrap's and readable by the command.
  return {
    file: bwrap.path,
    args: [...sandbox, "--", ...limitedShell(command, settings.limits, { processes: true })],
    env: {},
  };
}

/** The tools made by bash_tool, so the offer can tell the sandbox's bash from another tool named bash. */
const madeHere = new WeakSet<object>();

export function isSandboxBash(candidate: object): boolean {
  return madeHere.has(candidate);
}

export const bash_tool: ToolFactory = (settings, ctx) => {
  const timeoutS = timeoutSeconds(settings);
  const made = tool(
    async ({ command }, config) => {
      if (command.trim() === "") throw new Error("bash: the command is empty");
      if (command.length > MAX_COMMAND_CHARS)
        throw new Error(`bash: the command is longer than ${MAX_COMMAND_CHARS} characters`);
      const threadDir = await ensureThreadDir(ctx.sandbox.root, threadIdOf(config));
      const line = await commandLine(command, threadDir, ctx.sandbox);
      const run = await runProcess(line.file, line.args, {
        cwd: line.cwd,
        env: line.env,
        timeoutMs: timeoutS * 1000,
        capBytes: LIMITS.bashOutputBytes,
        signal: config.signal,
        owner: threadDir,
      });
      return formatRun(run, threadDir, timeoutS, ctx.sandbox);
    },
    {
      name: "bash",
      description:
        `Run a shell command with /bin/bash -c in this conversation's folder (${VIRTUAL_ROOT}), which holds uploads/, ` +
        `workspace/ and outputs/; prefer relative paths such as workspace/notes.md. Usually runs in a sandbox: ` +
        `only this folder is writable (and a private /tmp), the system is read-only, there is no network unless ` +
        `the administrator allowed it, and CPU time, memory, processes and file sizes are limited. No stdin; a ` +
        `timeout applies (${LIMITS.bashTimeoutS} s unless configured); output (stdout and stderr) is capped at ` +
        `${formatBytes(LIMITS.bashOutputBytes)}; background processes are ended when the command finishes; the ` +
        `environment holds only PATH, HOME and LANG. The exit code is reported.`,
      schema: z.object({
        command: z.string().describe("The bash command line, e.g. `wc -l uploads/data.csv`"),
      }),
    },
  );
  madeHere.add(made);
  return made;
};
