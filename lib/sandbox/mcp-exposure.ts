import path from "node:path";
import type { LoadedConfig } from "@/lib/config";
import { bashSettingsOf } from "./settings";

function within(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/**
 * Warnings for enabled stdio MCP servers given a path that contains the sandbox root or lies inside
 * it (in an argument or as their working directory): such a server is shared by every thread, so it
 * would let one thread read and overwrite another's files. Paths resolve as the server would see
 * them, from its working directory.
 */
export function mcpSandboxExposure(config: LoadedConfig): string[] {
  const root = bashSettingsOf(config).root;
  const file = path.basename(config.paths.extensions);
  const warnings: string[] = [];
  for (const server of config.servers) {
    if (!server.config.enabled || server.transport !== "stdio") continue;
    const cwd = path.resolve(path.dirname(config.paths.extensions), server.config.cwd ?? ".");
    const candidates: Array<[string, string]> = [
      ...(server.config.cwd ? [["cwd", server.config.cwd] as [string, string]] : []),
      ...server.config.args
        .map((arg, i): [string, string] => [`args[${i}]`, arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : arg])
        .filter(([, value]) => value !== "" && !value.startsWith("-")),
    ];
    for (const [field, value] of candidates) {
      const target = path.resolve(cwd, value);
      if (!within(target, root) && !within(root, target)) continue;
      warnings.push(
        `${file}: mcpServers.${server.name}.${field} "${value}" gives this server the sandbox folder ${root}, ` +
          `that is every thread's files: one conversation could read or overwrite another's. Remove the server ` +
          `and use the sandbox file tools (ls, read_file, write_file, str_replace), which see only the current thread.`,
      );
      break;
    }
  }
  return warnings;
}
