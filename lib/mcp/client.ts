import { loadMcpTools } from "@langchain/mcp-adapters";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type Tool, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ResolvedServer } from "@/lib/config";
import { log } from "@/lib/log/logger";
import { redact } from "@/lib/log/redact";
import { checkServerTools } from "./catalog-check";
import { connectServer, type McpConnection } from "./connect";
import { isSignInRequired } from "./oauth/errors";
import type { McpLoadResult, McpServerStatus, McpToolEntry } from "./types";

/** A failed server is tried again at most this often, so one dead server does not slow every turn. */
const RETRY_FAILED_MS = 30_000;

// Listed loosely: one malformed tool must not hide the server's other tools (the SDK's strict parse would).
const LooseToolList = z.object({ tools: z.array(z.unknown()), nextCursor: z.string().optional() }).loose();

interface ServerSlot {
  server: ResolvedServer;
  key: string;
  conn: McpConnection | null;
  status: McpServerStatus;
  entries: McpToolEntry[];
  failedAt: number;
  /** Names, descriptions and schemas as last listed: a change bumps the manager's generation. */
  signature: string;
  /** Reconnect in flight, shared by concurrent callers. */
  connecting: Promise<void> | null;
}

/** Every tool the server lists (all pages); malformed ones are named, not thrown. */
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
 * The MCP side of Fawn: one connection per server, each isolated (a failing, hanging or crashing
 * server only fails itself), cached across agent builds, reconnected when it died.
 * `generation` changes whenever any server's tool list may have changed, so callers can rebuild.
 */
export class McpManager {
  private slots = new Map<string, ServerSlot>();
  generation = 0;

  /**
   * @param secrets values that must never leave through a tool result (env and header values, keys):
   *   a server may echo its environment (server-everything's get-env does).
   */
  constructor(
    private readonly baseDir: string,
    private readonly secrets: () => readonly string[] = () => [],
    /** OAuth tokens for a remote server (lib/mcp/oauth), when it uses them. */
    private readonly authFor: (server: ResolvedServer) => OAuthClientProvider | undefined = () => undefined,
  ) {}

  private redactResult<T>(result: T): T {
    const secrets = this.secrets();
    if (secrets.length === 0) return result;
    const json = JSON.stringify(result);
    const masked = redact(
      json,
      secrets.map((s) => JSON.stringify(s).slice(1, -1)),
    );
    return masked === json ? result : (JSON.parse(masked) as T);
  }

  /** Bring the connections in line with the configured servers and return every usable tool. */
  async load(servers: ResolvedServer[]): Promise<McpLoadResult> {
    const wanted = new Set(servers.map((s) => s.name));
    for (const [name, slot] of this.slots) {
      if (!wanted.has(name)) {
        this.slots.delete(name);
        await slot.conn?.close();
        this.generation++;
      }
    }
    await Promise.all(servers.map((s) => this.ensure(s)));
    const result: McpLoadResult = { tools: [], servers: [] };
    for (const s of servers) {
      const slot = this.slots.get(s.name) as ServerSlot;
      result.servers.push({ ...slot.status });
      result.tools.push(...slot.entries);
    }
    return result;
  }

  /** True when a load() now would change something (a server died or is due for a retry). */
  needsReload(): boolean {
    for (const slot of this.slots.values()) {
      if (slot.status.status === "connected" && (slot.conn?.closed || slot.conn?.toolsChanged)) return true;
      if (slot.status.status === "failed" && !slot.server.error && Date.now() - slot.failedAt > RETRY_FAILED_MS)
        return true;
    }
    return false;
  }

  async close(): Promise<void> {
    await Promise.all([...this.slots.values()].map((s) => s.conn?.close()));
    this.slots.clear();
  }

  /** Drop a server's connection so the next load() connects it afresh (e.g. after an OAuth sign-in or sign-out). */
  async reconnect(name: string): Promise<void> {
    const slot = this.slots.get(name);
    if (!slot) return;
    this.slots.delete(name);
    await slot.conn?.close();
    this.generation++;
  }

  private async ensure(server: ResolvedServer): Promise<void> {
    const key = JSON.stringify([server.config, server.error ?? null]);
    let slot = this.slots.get(server.name);
    if (slot && slot.key !== key) {
      await slot.conn?.close();
      slot = undefined;
      this.generation++;
    }
    if (!slot) {
      slot = {
        server,
        key,
        conn: null,
        entries: [],
        failedAt: 0,
        signature: "",
        connecting: null,
        status: {
          name: server.name,
          status: "failed",
          transport: server.transport,
          description: server.config.description ?? null,
          tools: 0,
          error: "not connected yet",
          warnings: [],
          connect_ms: null,
          auth_required: false,
        },
      };
      this.slots.set(server.name, slot);
    } else if (slot.status.status === "connected" && slot.conn && !slot.conn.closed && slot.conn.toolsChanged) {
      await this.relist(slot);
      return;
    } else if (slot.status.status === "connected" && !slot.conn?.closed) {
      return;
    } else if (slot.status.status === "disabled") {
      return;
    } else if (slot.status.status === "failed" && Date.now() - slot.failedAt < RETRY_FAILED_MS && slot.failedAt > 0) {
      return;
    }
    await this.connect(slot);
  }

  private connect(slot: ServerSlot): Promise<void> {
    slot.connecting ??= this.doConnect(slot).finally(() => {
      slot.connecting = null;
    });
    return slot.connecting;
  }

  private setFailed(slot: ServerSlot, error: string, authRequired = false): void {
    slot.conn = null;
    slot.entries = [];
    slot.signature = "";
    slot.failedAt = Date.now();
    slot.status = { ...slot.status, status: "failed", tools: 0, error, connect_ms: null, auth_required: authRequired };
    log("warn", "mcp.server_failed", { server: slot.server.name, error });
  }

  private async doConnect(slot: ServerSlot): Promise<void> {
    const { server } = slot;
    const before = slot.signature;
    if (!server.config.enabled) {
      slot.entries = [];
      slot.status = { ...slot.status, status: "disabled", tools: 0, error: null };
    } else if (server.error) {
      this.setFailed(slot, server.error);
    } else {
      await slot.conn?.close();
      const started = performance.now();
      try {
        const conn = await connectServer(server, this.baseDir, { authProvider: this.authFor(server) });
        const warnings = await this.listInto(slot, conn);
        slot.conn = conn;
        slot.status = {
          ...slot.status,
          status: "connected",
          tools: slot.entries.length,
          error: null,
          warnings,
          connect_ms: Math.round(performance.now() - started),
          auth_required: false,
        };
        log("info", "mcp.server_connected", {
          server: server.name,
          tools: slot.entries.length,
          ms: slot.status.connect_ms,
        });
      } catch (e) {
        this.setFailed(slot, (e as Error).message, isSignInRequired(e));
      }
    }
    if (slot.signature !== before) this.generation++;
  }

  /** The server announced a new tool list: list again on the same connection. */
  private async relist(slot: ServerSlot): Promise<void> {
    const conn = slot.conn as McpConnection;
    conn.toolsChanged = false;
    const before = slot.signature;
    try {
      const warnings = await this.listInto(slot, conn);
      slot.status = { ...slot.status, tools: slot.entries.length, warnings };
      log("info", "mcp.tools_changed", { server: slot.server.name, tools: slot.entries.length });
    } catch (e) {
      await conn.close();
      this.setFailed(slot, (e as Error).message);
    }
    if (slot.signature !== before) this.generation++;
  }

  /** List, check and wrap a server's tools into the slot; returns the warnings for what was dropped. */
  private async listInto(slot: ServerSlot, conn: McpConnection): Promise<string[]> {
    const { server } = slot;
    const { tools, malformed } = await listAllTools(conn.client);
    const { ok, warnings } = checkServerTools(server.name, tools, server.config.tool_name_prefix);
    for (const name of malformed)
      warnings.push(`${server.name}: tool "${name}" dropped: its definition does not follow the MCP schema`);
    for (const w of warnings) log("warn", "mcp.tool_dropped", { server: server.name, message: w });
    const byOriginal = new Map(ok.map((c) => [c.tool.name, c]));
    const loaded = await loadMcpTools(
      server.name,
      this.proxyClient(
        slot,
        ok.map((c) => c.tool),
      ),
      {
        throwOnLoadError: false,
        prefixToolNameWithServerName: false,
        additionalToolNamePrefix: "",
        defaultToolTimeout: server.config.tool_call_timeout ? server.config.tool_call_timeout * 1000 : undefined,
      },
    );
    slot.entries = loaded.map((tool) => {
      const original = tool.name;
      tool.name = byOriginal.get(original)?.exposedName ?? original;
      tool.metadata = { ...(tool.metadata ?? {}), fawn_source: "mcp", fawn_server: server.name };
      return { tool, server: server.name, originalName: original };
    });
    // Names and schemas: a changed schema under the same name must rebuild the agent too.
    slot.signature = JSON.stringify(ok.map((c) => [c.exposedName, c.tool.description ?? "", c.tool.inputSchema]));
    return warnings;
  }

  /**
   * What loadMcpTools talks to: it always reaches the slot's current connection, reconnecting once
   * if the server died, so tools built before a crash keep working after the reconnect.
   */
  private proxyClient(slot: ServerSlot, tools: Tool[]): Client {
    const live = async (): Promise<Client> => {
      if (!slot.conn || slot.conn.closed) await this.connect(slot);
      if (!slot.conn)
        throw new Error(`MCP server "${slot.server.name}" is not connected: ${slot.status.error ?? "unknown error"}`);
      return slot.conn.client;
    };
    const proxy = {
      listTools: async () => ({ tools }),
      callTool: async (...args: Parameters<Client["callTool"]>) =>
        this.redactResult(await (await live()).callTool(...args)),
      readResource: async (...args: Parameters<Client["readResource"]>) => (await live()).readResource(...args),
    };
    return proxy as unknown as Client;
  }
}
