/**
 * "Test connection": connect to one server on a connection of its own (nothing shared with the running app,
 * nothing saved), list its tools, and say what they would cost and how they would be offered: deferred behind
 * tool_search, or bound on every call by a `defer` policy or the auto threshold. So a server's price is known
 * before it is enabled.
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ResolvedServer } from "@/lib/config";
import type { Env } from "@/lib/config/env";
import { parseExtensionsConfig } from "@/lib/config/load";
import type { McpServerEntry, McpServerProbeResult, ServerCost, ServerTool } from "@/lib/contracts/mcp-servers";
import { policyOf } from "@/lib/deferred/policy";
import { boundByPolicy } from "@/lib/deferred/setup";
import { redact, serverSecretsOf } from "@/lib/log/redact";
import { toolDefinitionTokens } from "@/lib/tokens";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import { connectServer, within } from "./connect";
import { isSignInRequired } from "./oauth/errors";
import { listAllTools, wrapServerTools } from "./server-tools";

export interface OfferContext {
  /** tool_search.enabled: off binds every MCP tool. */
  toolSearch: boolean;
  /** tool_search.auto_threshold in tokens (0: `auto` tools are always deferred). */
  autoThresholdTokens: number;
  /** Schema tokens of the other servers' `auto` tools: the threshold counts all of them together. */
  otherAutoTokens: number;
}

export interface ProbeOptions extends OfferContext {
  /** Folder relative commands and paths resolve from (the folder of extensions_config.json). */
  baseDir: string;
  authProvider?: OAuthClientProvider;
}

/** The entry as the loader would resolve it (variables expanded), enabled for the check. */
export function resolveForProbe(name: string, entry: McpServerEntry, file: string, env: Env): ResolvedServer {
  const text = JSON.stringify({ mcpServers: { [name]: { ...entry, enabled: true } } });
  return parseExtensionsConfig(text, file, env)[0] as ResolvedServer;
}

interface Priced {
  name: string;
  original: string;
  description: string;
  tokens: number;
}

/** How each tool would be offered: the policies and threshold of lib/deferred (policyOf, boundByPolicy), predicted. */
export function offerTools(server: ResolvedServer, tools: readonly Priced[], ctx: OfferContext): ServerTool[] {
  const items = tools.map((t) => ({
    name: t.name,
    policy: policyOf(server.config, t.original, t.name).policy,
    tokens: () => t.tokens,
  }));
  const bound = boundByPolicy(items, ctx.autoThresholdTokens, ctx.otherAutoTokens);
  return tools.map((t, i) => {
    const base = { name: t.name, description: t.description, tokens: t.tokens, policy: items[i].policy };
    if (!ctx.toolSearch) return { ...base, state: "bound" as const, why: "tool_search is off" };
    const why = bound.get(t.name);
    return why ? { ...base, state: "bound" as const, why } : { ...base, state: "deferred" as const, why: null };
  });
}

export function costOf(tools: readonly Pick<ServerTool, "tokens" | "state">[]): ServerCost {
  const sum = (state?: ServerTool["state"]) =>
    tools.filter((t) => !state || t.state === state).reduce((n, t) => n + t.tokens, 0);
  return { total: sum(), bound: sum("bound"), deferred: sum("deferred") };
}

/**
 * Each tool's definition exactly as the agent would bind it (lib/mcp/client's own wrapping, never called here),
 * priced; the warnings name what was dropped.
 */
async function price(
  server: ResolvedServer,
  listed: { tools: Tool[]; malformed: string[] },
): Promise<{ priced: Priced[]; warnings: string[] }> {
  const lister = (checked: Tool[]) => ({ listTools: async () => ({ tools: checked }) }) as unknown as Client;
  const { entries, warnings } = await wrapServerTools(server, listed.tools, listed.malformed, lister);
  const priced = entries.map(({ tool, originalName }) => ({
    name: tool.name,
    original: originalName,
    description: tool.description,
    tokens: toolDefinitionTokens(toOpenAIDefinition(tool)),
  }));
  return { priced, warnings };
}

export async function probeServer(server: ResolvedServer, opts: ProbeOptions): Promise<McpServerProbeResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  // A server's stderr or error may echo its own env or headers.
  const secrets = serverSecretsOf(server);
  const failed = (error: string, authRequired = false): McpServerProbeResult => ({
    name: server.name,
    ok: false,
    ms: ms(),
    error: redact(error, secrets),
    auth_required: authRequired,
    tools: [],
    cost: { total: 0, bound: 0, deferred: 0 },
    warnings: [],
  });
  if (server.error) return failed(server.error);
  let conn: Awaited<ReturnType<typeof connectServer>>;
  try {
    conn = await connectServer(server, opts.baseDir, { authProvider: opts.authProvider });
  } catch (e) {
    return failed((e as Error).message, isSignInRequired(e));
  }
  try {
    const limit = server.config.session_init_timeout * 1000;
    const listed = await within(limit, "tools/list", listAllTools(conn.client));
    // Connect, handshake and listing: pricing below loads the tokenizer once, which is not the server's time.
    const elapsed = ms();
    const { priced, warnings } = await price(server, listed);
    const tools = offerTools(server, priced, opts);
    return {
      name: server.name,
      ok: true,
      ms: elapsed,
      error: null,
      auth_required: false,
      tools,
      cost: costOf(tools),
      warnings: warnings.map((w) => redact(w, secrets)),
    };
  } catch (e) {
    return failed((e as Error).message, isSignInRequired(e));
  } finally {
    await conn.close();
  }
}
