import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppConfigSchema } from "@/lib/config/app-config";
import type { LoadedConfig } from "@/lib/config";
import { setActiveConfig } from "@/lib/tools/context";

/**
 * For tests: a temp folder holding the sandbox root, made the active configuration. Returns the
 * folder and a cleanup. Not a test file itself (vitest runs only *.test.ts).
 */
export async function useTempSandbox(opts: { allowHostBash?: boolean; bashTimeoutS?: number } = {}): Promise<{
  base: string;
  root: string;
  threadDir: (threadId: string) => string;
  cleanup: () => Promise<void>;
}> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "fawn-sandbox-")));
  const app = AppConfigSchema.parse({
    models: [{ name: "demo", model: "demo" }],
    sandbox: { root: "sandbox", allow_host_bash: opts.allowHostBash ?? false },
    tools:
      opts.bashTimeoutS === undefined
        ? []
        : [{ name: "bash", use: "@/lib/sandbox:bash_tool", timeout_s: opts.bashTimeoutS }],
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
    fingerprint: "test",
  };
  setActiveConfig(config);
  const root = path.join(base, "sandbox");
  return {
    base,
    root,
    threadDir: (threadId) => path.join(root, "threads", threadId),
    cleanup: () => fs.rm(base, { recursive: true, force: true }),
  };
}

/** The RunnableConfig a tool receives inside a run of this thread. */
export function threadConfig(threadId: string): { configurable: { thread_id: string } } {
  return { configurable: { thread_id: threadId } };
}
