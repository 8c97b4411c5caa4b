/**
 * GET /api/mcp/servers and `fawn mcp list`: every server of extensions_config.json as written (secrets masked),
 * joined with what the running app knows of it: status and error, its tools with their schema cost and whether
 * each is deferred or bound (the inventory's own figures), and whether it is signed in with OAuth.
 */
import path from "node:path";
import type { AgentRuntime } from "@/lib/agent/runtime";
import { toolsResponse } from "@/lib/agent/tools-response";
import type { ResolvedServer } from "@/lib/config";
import { z } from "zod";
import { McpServerConfigSchema, transportOf } from "@/lib/config/extensions";
import type { McpServersResponse, McpServerView, ServerTool } from "@/lib/contracts/mcp-servers";
import type { ExtensionsSnapshot } from "./config-writer";
import type { McpOAuth } from "./oauth/service";
import { usesOAuth } from "./oauth/service";
import { costOf } from "./probe";
import { maskEntry } from "./server-entries";

/** A file path as a person reads it: relative to the working folder when inside it. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}

function toolsByServer(inventory: Awaited<ReturnType<typeof toolsResponse>>, toolSearch: boolean) {
  const out = new Map<string, ServerTool[]>();
  for (const t of inventory.tools) {
    if (t.source !== "mcp" || !t.server) continue;
    const list = out.get(t.server) ?? [];
    list.push({
      name: t.name,
      description: t.description,
      tokens: t.tokens,
      state: t.deferred ? "deferred" : "bound",
      policy: t.defer_policy?.policy ?? "auto",
      why: t.deferred ? null : (t.bound_reason ?? (toolSearch ? null : "tool_search is off")),
    });
    out.set(t.server, list);
  }
  return out;
}

const fields = McpServerConfigSchema.shape;
/** What decides an entry's transport, each field kept only when valid: an entry that does not parse still shows one. */
const TransportFieldsSchema = z.object({
  type: fields.type.catch(undefined),
  transport: fields.transport.catch(undefined),
  url: fields.url.catch(undefined),
  command: fields.command.catch(undefined),
});

/** The server as the running app resolved it, else as the file says; null when the entry does not parse. */
function resolvedOf(name: string, raw: Record<string, unknown>, runtime: AgentRuntime | null): ResolvedServer | null {
  const loaded = runtime?.config.servers.find((s) => s.name === name);
  if (loaded) return loaded;
  const parsed = McpServerConfigSchema.safeParse(raw);
  return parsed.success ? { name, config: parsed.data, transport: transportOf(parsed.data) } : null;
}

export async function serversView(
  snapshot: ExtensionsSnapshot,
  runtime: AgentRuntime | null,
  oauth: McpOAuth,
  runtimeError: string | null = null,
): Promise<McpServersResponse> {
  const inventory = runtime ? await toolsResponse(runtime, null) : null;
  const toolSearch = runtime?.config.app.tool_search.enabled ?? true;
  const tools = inventory ? toolsByServer(inventory, toolSearch) : new Map<string, ServerTool[]>();
  const servers = Object.entries(snapshot.servers).map(([name, raw]): McpServerView => {
    const resolved = resolvedOf(name, raw, runtime);
    const status = runtime?.mcpServers.find((s) => s.name === name);
    const enabled = raw.enabled !== false;
    const own = enabled ? (tools.get(name) ?? []) : [];
    const oauthApplies = resolved !== null && usesOAuth(resolved);
    const signIn = resolved && oauthApplies ? oauth.status(resolved) : { signed_in: false, expires_at: null };
    // Right after a write the app may not have loaded the file yet: the server is pending until it has.
    const inSync = status !== undefined && (status.status === "disabled") === !enabled;
    return {
      name,
      entry: maskEntry(raw),
      enabled,
      transport: resolved?.transport ?? transportOf(TransportFieldsSchema.parse(raw)),
      status: inSync ? status.status : enabled ? "pending" : "disabled",
      error: status?.error ?? null,
      warnings: status?.warnings ?? [],
      connect_ms: status?.connect_ms ?? null,
      tools: own,
      cost: costOf(own),
      auth: {
        oauth: oauthApplies,
        signed_in: signIn.signed_in,
        required: status?.auth_required ?? false,
        expires_at: signIn.expires_at,
      },
    };
  });
  return {
    servers,
    etag: snapshot.etag,
    file: displayPath(snapshot.file),
    error: runtimeError ?? runtime?.error ?? null,
  };
}
