/**
 * The reads of MCP server management that need the running app, shared by the routes and `fawn mcp`: the list
 * (file + status + costs + sign-in) and a connection check with the app's own deferral settings.
 */
import path from "node:path";
import type { AgentRuntime } from "@/lib/agent/runtime";
import { toolsResponse } from "@/lib/agent/tools-response";
import { ConfigError, type ConfigPaths } from "@/lib/config";
import type { Env } from "@/lib/config/env";
import type { McpServerEntry, McpServersResponse, McpServerProbeResult } from "@/lib/contracts/mcp-servers";
import { etagOf, readExtensions } from "./config-writer";
import type { McpOAuth } from "./oauth/service";
import { probeServer, resolveForProbe } from "./probe";
import { entryForProbe } from "./servers-admin";
import { displayPath, serversView } from "./servers-view";

/** What these reads need of the running app (FawnRuntime has it all). */
export interface ManagedRuntime {
  readonly store: { readonly paths: ConfigPaths };
  get(): Promise<AgentRuntime>;
  reconnectServer(name: string): Promise<void>;
  /** OAuth for the config's data folder: the tokens the app's own connections use. */
  oauth(env?: Env): McpOAuth;
}

export async function runtimeOrError(
  fawn: ManagedRuntime,
): Promise<{ runtime: AgentRuntime | null; error: string | null }> {
  try {
    return { runtime: await fawn.get(), error: null };
  } catch (e) {
    return { runtime: null, error: (e as Error).message };
  }
}

export function oauthOf(fawn: ManagedRuntime, env: Env = process.env): McpOAuth {
  return fawn.oauth(env);
}

/** GET /api/mcp/servers and `fawn mcp list`. A file that does not parse is reported, with no servers. */
export async function listServers(fawn: ManagedRuntime, env: Env = process.env): Promise<McpServersResponse> {
  const file = fawn.store.paths.extensions;
  let snapshot: ReturnType<typeof readExtensions>;
  try {
    snapshot = readExtensions(file);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return { servers: [], etag: etagOf(""), file: displayPath(file), error: e.message };
  }
  const { runtime, error } = await runtimeOrError(fawn);
  return serversView(snapshot, runtime, oauthOf(fawn, env), error);
}

/**
 * Test a server on a connection of its own: the saved entry (`typed` null) or the entry as typed, with `***`
 * resolved against the saved one. Nothing is saved or changed. Throws EntryError / ServerAdminError.
 */
export async function probeConfigured(
  fawn: ManagedRuntime,
  name: string,
  typed: McpServerEntry | null,
  env: Env = process.env,
): Promise<McpServerProbeResult> {
  const file = fawn.store.paths.extensions;
  const entry = entryForProbe(file, name, typed);
  const server = resolveForProbe(name, entry, file, env);
  const { runtime } = await runtimeOrError(fawn);
  // The auto threshold counts every server's `auto` tools together: the others' share comes from the inventory.
  const others = runtime
    ? (await toolsResponse(runtime, null)).tools
        .filter((t) => t.source === "mcp" && t.server !== name && (t.defer_policy?.policy ?? "auto") === "auto")
        .reduce((n, t) => n + t.tokens, 0)
    : 0;
  return probeServer(server, {
    baseDir: path.dirname(file),
    authProvider: oauthOf(fawn, env).providerFor(server),
    toolSearch: runtime?.config.app.tool_search.enabled ?? true,
    autoThresholdTokens: runtime?.built.setup.autoThresholdTokens ?? 0,
    otherAutoTokens: others,
  });
}

/** The server as the running app has it (variables expanded), for signing in and out. */
export async function loadedServer(fawn: ManagedRuntime, name: string) {
  const { runtime } = await runtimeOrError(fawn);
  return runtime?.config.servers.find((s) => s.name === name);
}
