import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LoadedConfig } from "@/lib/config";
import { AppConfigSchema, type SandboxLimits } from "@/lib/config/app-config";
import type { BashMode } from "@/lib/sandbox/settings";
import { type ToolContext, toolContextFor } from "@/lib/tools/context";
import { type SandboxTools, sandboxTools } from "./sandbox";

export interface BashSandboxOptions {
  bash?: BashMode;
  network?: boolean;
  limits?: Partial<SandboxLimits>;
  /** tools[bash].timeout_s; unset leaves the tool's default. */
  timeoutS?: number;
  /** Reuse this data dir (another sandbox's `base`) instead of a new temp folder, e.g. to switch modes. */
  base?: string;
}

export interface TempSandbox {
  /** The temp folder standing for config.yaml's folder (the data dir). */
  base: string;
  /** The sandbox root: every thread's folder lies below it. */
  root: string;
  threadDir: (threadId: string) => string;
  /** What the runtime would build tools with under these settings. */
  toolContext: ToolContext;
  /** The sandbox tools as the runtime builds them from this configuration (bash with its entry). */
  tools: SandboxTools;
  cleanup: () => Promise<void>;
}

/** A temp data dir with a sandbox root, made the active configuration with the given `sandbox:` settings. */
export async function bashSandbox(opts: BashSandboxOptions = {}): Promise<TempSandbox> {
  const base = opts.base ?? (await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "fawn-bash-"))));
  const app = AppConfigSchema.parse({
    models: [{ name: "demo", model: "demo" }],
    sandbox: { root: "sandbox", bash: opts.bash ?? "bwrap", network: opts.network ?? false, limits: opts.limits },
    tools: [
      {
        name: "bash",
        use: "@/lib/sandbox:bash_tool",
        ...(opts.timeoutS === undefined ? {} : { timeout_s: opts.timeoutS }),
      },
    ],
  });
  const config: LoadedConfig = {
    app,
    modelsMissingKey: [],
    servers: [],
    paths: {
      config: path.join(base, "config.yaml"),
      extensions: path.join(base, "extensions_config.json"),
      extensionsExplicit: false,
    },
    baseDir: base,
    fingerprint: "sandbox-test",
  };
  const toolContext = toolContextFor(config);
  const root = path.join(base, "sandbox");
  return {
    base,
    root,
    toolContext,
    tools: sandboxTools(toolContext, app.tools[0] ?? {}),
    threadDir: (threadId) => path.join(root, "threads", threadId),
    cleanup: () => fs.rm(base, { recursive: true, force: true }),
  };
}

/** The RunnableConfig a tool receives inside a run of this thread. */
export function inThread(threadId: string): { configurable: { thread_id: string } } {
  return { configurable: { thread_id: threadId } };
}
