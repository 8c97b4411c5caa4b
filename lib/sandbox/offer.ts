import type { StructuredToolInterface } from "@langchain/core/tools";
import type { LoadedConfig } from "@/lib/config";
import { log } from "@/lib/log/logger";
import { probeBwrap } from "./availability";
import { isSandboxBash } from "./bash";
import { mcpSandboxExposure } from "./mcp-exposure";
import { bashSettingsOf } from "./settings";

export interface ToolOffer {
  /** Whether the agent gets the tool at all. */
  offer: boolean;
  /** Shown in the tools panel, `fawn tools` and the log. */
  warning: string | null;
}

export const HOST_BASH_WARNING =
  "bash runs commands unconfined on this machine (`sandbox.bash: host` in config.yaml): a command can read and " +
  "change whatever the server's user can, use the network, and a detached process can outlive its call. Use " +
  "`sandbox.bash: bwrap` (the default) unless you trust every prompt and tool result completely.";

/**
 * Whether the agent is offered a sandbox tool under this configuration. bash is withheld when it
 * is off, and when bubblewrap cannot run here (with a message saying how to install it); it is
 * never moved to the host for lack of a sandbox. Every other tool is offered as it is.
 */
export async function sandboxToolOffer(candidate: StructuredToolInterface, config: LoadedConfig): Promise<ToolOffer> {
  if (!isSandboxBash(candidate)) return { offer: true, warning: null };
  const settings = bashSettingsOf(config);
  if (settings.mode === "off") {
    log("info", "sandbox.bash_off", { message: "bash is not offered: sandbox.bash is off" });
    return { offer: false, warning: null };
  }
  if (settings.mode === "host") {
    log("warn", "sandbox.host_bash", { message: HOST_BASH_WARNING });
    return { offer: true, warning: HOST_BASH_WARNING };
  }
  const probe = await probeBwrap();
  if (!probe.ok) {
    const warning = `bash is not offered: ${probe.reason}.`;
    log("warn", "sandbox.bash_unavailable", { message: warning });
    return { offer: false, warning };
  }
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    // Linux exempts the root user from RLIMIT_NPROC, also through a user namespace that maps to it.
    log("warn", "sandbox.processes_limit_unenforced", {
      message: "Fawn runs as root: sandbox.limits.processes is not enforced by the kernel; run Fawn as a normal user",
    });
  }
  return { offer: true, warning: null };
}

/** Warnings about the configuration as a whole: MCP servers that would see every thread's files. */
export function sandboxConfigWarnings(config: LoadedConfig): string[] {
  const warnings = mcpSandboxExposure(config);
  for (const message of warnings) log("warn", "sandbox.mcp_sees_all_threads", { message });
  return warnings;
}
