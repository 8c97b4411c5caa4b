import { loadMcpTools } from "@langchain/mcp-adapters";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type Tool, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ResolvedServer } from "@/lib/config";
import { checkServerTools } from "./catalog-check";
import type { McpToolEntry } from "./types";

// Listed loosely: one malformed tool must not hide the server's other tools (the SDK's strict parse would).
const LooseToolList = z.object({ tools: z.array(z.unknown()), nextCursor: z.string().optional() }).loose();

/** Every page of a server's tools/list; tools that do not follow the MCP schema are named, not kept. */
export async function listAllTools(client: Client): Promise<{ tools: Tool[]; malformed: string[] }> {
  const tools: Tool[] = [];
  const malformed: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, LooseToolList);
    for (const raw of page.tools) {
      const parsed = ToolSchema.safeParse(raw);
      if (parsed.success) tools.push(parsed.data);
      else malformed.push(String((raw as { name?: unknown })?.name ?? "<unnamed>"));
    }
    cursor = page.nextCursor;
  } while (cursor);
  return { tools, malformed };
}

/**
 * A server's listed (or cached) tools as LangChain tools: checked (catalog-check.ts), named as exposed,
 * and calling through `clientFor`. `signature` covers names, descriptions and schemas: when it changes,
 * the agent must be rebuilt.
 */
export async function wrapServerTools(
  server: ResolvedServer,
  tools: Tool[],
  malformed: string[],
  clientFor: (checked: Tool[]) => Client,
): Promise<{ entries: McpToolEntry[]; signature: string; warnings: string[] }> {
  const { ok, warnings } = checkServerTools(server.name, tools, server.config.tool_name_prefix);
  for (const name of malformed)
    warnings.push(`${server.name}: tool "${name}" dropped: its definition does not follow the MCP schema`);
  const byOriginal = new Map(ok.map((c) => [c.tool.name, c]));
  const loaded = await loadMcpTools(server.name, clientFor(ok.map((c) => c.tool)), {
    throwOnLoadError: false,
    prefixToolNameWithServerName: false,
    additionalToolNamePrefix: "",
    defaultToolTimeout: server.config.tool_call_timeout ? server.config.tool_call_timeout * 1000 : undefined,
  });
  const entries = loaded.map((tool) => {
    const original = tool.name;
    tool.name = byOriginal.get(original)?.exposedName ?? original;
    tool.metadata = { ...(tool.metadata ?? {}), fawn_source: "mcp", fawn_server: server.name };
    return { tool, server: server.name, originalName: original };
  });
  const signature = JSON.stringify(ok.map((c) => [c.exposedName, c.tool.description ?? "", c.tool.inputSchema]));
  return { entries, signature, warnings };
}

export interface SlotAccess {
  /** The server's client now, starting or reconnecting it as needed (throws naming the server if it cannot). */
  live: () => Promise<Client>;
  /** Around every call: a lazy server is not stopped while one runs. */
  begin: () => void;
  end: () => void;
  /** Masks secrets a result may echo. */
  redact: <T>(result: T) => T;
}

/** The client loadMcpTools holds: its list is fixed, its calls reach whatever connection the server has now. */
export function slotClient(tools: Tool[], access: SlotAccess): Client {
  const inUse = async <T>(work: () => Promise<T>): Promise<T> => {
    access.begin();
    try {
      return await work();
    } finally {
      access.end();
    }
  };
  const proxy = {
    listTools: async () => ({ tools }),
    callTool: (...args: Parameters<Client["callTool"]>) =>
      inUse(async () => access.redact(await (await access.live()).callTool(...args))),
    readResource: (...args: Parameters<Client["readResource"]>) =>
      inUse(async () => (await access.live()).readResource(...args)),
  };
  return proxy as unknown as Client;
}
