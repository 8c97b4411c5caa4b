import { spawn } from "node:child_process";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { sandboxSettings, threadIdOf, toolSettings } from "@/lib/tools/context";
import { LIMITS, formatBytes } from "./limits";
import { VIRTUAL_ROOT, ensureThreadDir } from "./paths";

const MAX_COMMAND_CHARS = 100_000;
/** After bash exits, how long to wait for its pipes to close before giving up on stragglers. */
const CLOSE_GRACE_MS = 1000;

/**
 * Only these variables reach the command: the server's environment holds API keys and tokens, and
 * anything the command can print may end up in the model's context.
 */
export function bashEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH || "/usr/local/bin:/usr/bin:/bin",
    HOME: home,
    LANG: process.env.LANG || "C.UTF-8",
  };
}

/** Keeps the first and last half of a stream of output, counting what falls between. */
export class CappedOutput {
  private head: Buffer[] = [];
  private headLen = 0;
  private tail: Buffer = Buffer.alloc(0);
  total = 0;
  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const half = Math.floor(this.cap / 2);
    if (this.headLen < half) {
      const take = Math.min(half - this.headLen, chunk.length);
      this.head.push(chunk.subarray(0, take));
      this.headLen += take;
      chunk = chunk.subarray(take);
    }
    if (chunk.length === 0) return;
    const keep = this.cap - half;
    this.tail = Buffer.concat([this.tail, chunk]);
    if (this.tail.length > keep) this.tail = this.tail.subarray(this.tail.length - keep);
  }

  get truncated(): boolean {
    return this.total > this.cap;
  }

  text(): string {
    const head = Buffer.concat(this.head).toString("utf8");
    if (!this.truncated) return head + this.tail.toString("utf8");
    const omitted = this.total - this.headLen - this.tail.length;
    return `${head}\n[… ${formatBytes(omitted)} omitted …]\n${this.tail.toString("utf8")}`;
  }
}

export interface BashRun {
  output: CappedOutput;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
}

/**
 * Run `/bin/bash -c command` in its own process group (detached), so a timeout or cancellation can
 * kill the command together with everything it started. When bash exits, whatever it left running
 * in the background is killed too: one tool call, one self-contained job.
 */
export function runBash(
  command: string,
  opts: { cwd: string; env: Record<string, string>; timeoutMs: number; capBytes: number; signal?: AbortSignal },
): Promise<BashRun> {
  return new Promise((resolve, reject) => {
    const output = new CappedOutput(opts.capBytes);
    const run: BashRun = { output, exitCode: null, signal: null, timedOut: false, aborted: false };
    const child = spawn("/bin/bash", ["-c", command], {
      cwd: opts.cwd,
      // Next.js's types make NODE_ENV required in ProcessEnv; the command is meant to run without it.
      env: opts.env as NodeJS.ProcessEnv,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // ESRCH: the group is already gone.
      }
    };
    let settled = false;
    let grace: NodeJS.Timeout | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      opts.signal?.removeEventListener("abort", onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(run);
    };
    const timer = setTimeout(() => {
      run.timedOut = true;
      killGroup();
    }, opts.timeoutMs);
    const onAbort = () => {
      run.aborted = true;
      killGroup();
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout?.on("data", (c: Buffer) => output.push(c));
    child.stderr?.on("data", (c: Buffer) => output.push(c));
    child.on("error", (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`bash: could not start /bin/bash: ${e.message}`));
    });
    child.on("exit", (code, signal) => {
      run.exitCode = code;
      run.signal = signal;
      killGroup();
      // A process that left the group (setsid) may still hold the pipes; do not wait for it forever.
      grace = setTimeout(finish, CLOSE_GRACE_MS);
    });
    child.on("close", finish);
  });
}

function timeoutSeconds(): number {
  const raw = toolSettings("bash").timeout_s;
  if (raw === undefined) return LIMITS.bashTimeoutS;
  if (typeof raw !== "number" || !Number.isFinite(raw) || raw <= 0 || raw > 3600) {
    throw new Error(
      `config.yaml tools[bash].timeout_s must be a number of seconds in (0, 3600], got ${JSON.stringify(raw)}`,
    );
  }
  return raw;
}

export function formatRun(run: BashRun, threadDir: string, timeoutS: number): string {
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
  return `${body === "" ? "(no output)" : body}\n${notes.join("\n")}`;
}

export const bash_tool = tool(
  async ({ command }, config) => {
    if (!sandboxSettings().allowHostBash) {
      throw new Error(
        "bash is disabled on this server. An administrator can enable it with `sandbox.allow_host_bash: true` in config.yaml " +
          "(commands then run on the host, unconfined). Use ls, read_file, write_file and str_replace instead.",
      );
    }
    if (command.trim() === "") throw new Error("bash: the command is empty");
    if (command.length > MAX_COMMAND_CHARS)
      throw new Error(`bash: the command is longer than ${MAX_COMMAND_CHARS} characters`);
    const threadDir = await ensureThreadDir(threadIdOf(config));
    const timeoutS = timeoutSeconds();
    const run = await runBash(command, {
      cwd: threadDir,
      env: bashEnv(threadDir),
      timeoutMs: timeoutS * 1000,
      capBytes: LIMITS.bashOutputBytes,
      signal: config.signal,
    });
    return formatRun(run, threadDir, timeoutS);
  },
  {
    name: "bash",
    description:
      `Run a shell command with /bin/bash -c in this conversation's folder (${VIRTUAL_ROOT} to the other tools), which holds ` +
      `uploads/, workspace/ and outputs/. Use relative paths such as workspace/notes.md: ${VIRTUAL_ROOT} itself does not ` +
      `exist for the shell. No stdin; a timeout applies (${LIMITS.bashTimeoutS} s unless configured); output (stdout and ` +
      `stderr) is capped at ${formatBytes(LIMITS.bashOutputBytes)}; background processes are ended when the command ` +
      `finishes; the environment holds only PATH, HOME and LANG. The exit code is reported.`,
    schema: z.object({
      command: z.string().describe("The bash command line, e.g. `wc -l uploads/data.csv`"),
    }),
  },
);
