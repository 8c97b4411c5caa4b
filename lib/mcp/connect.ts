import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ResolvedServer } from "@/lib/config";
import { oauthNetworkFor } from "./oauth/guarded-fetch";
import { ownOriginFetch } from "./oauth/own-origin-fetch";
import { refusalGuard } from "./oauth/refusal-guard";

const STDERR_TAIL = 2000;
/** A server's own description is a line or two: a longer one is cut (the prompt's listing and the search read it). */
export const SERVER_DESCRIPTION_MAX = 600;

/**
 * A server's serverInfo description as Fawn keeps it: one line, at most SERVER_DESCRIPTION_MAX characters, or null.
 * The server wrote it and the prompt's server listing shows it, so no markup survives: angle brackets and control
 * characters become spaces (a description cannot close the listing's tag and speak outside it).
 */
export function ownDescription(info: { description?: unknown } | undefined): string | null {
  const raw = info?.description;
  if (typeof raw !== "string") return null;
  const line = raw
    .replace(/[<>\p{Cc}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SERVER_DESCRIPTION_MAX);
  return line === "" ? null : line;
}

/** A live connection to one MCP server. `closed` turns true when the transport ends (crash, exit, network). */
export interface McpConnection {
  client: Client;
  closed: boolean;
  /** The server said its tool list changed (notifications/tools/list_changed) since we listed it. */
  toolsChanged: boolean;
  /**
   * What the server says it is for (its serverInfo `description`, whitespace collapsed, cut at
   * SERVER_DESCRIPTION_MAX characters), or null when it says nothing.
   */
  description: string | null;
  /** The last lines the server wrote to stderr (stdio only), for error messages. */
  stderrTail(): string;
  close(): Promise<void>;
}

function stdioTransport(server: ResolvedServer, baseDir: string, onStderr: (chunk: string) => void): Transport {
  const cfg = server.config;
  // "node" means this very Node, so servers run on the same version without relying on PATH.
  const command = cfg.command === "node" ? process.execPath : (cfg.command as string);
  const transport = new StdioClientTransport({
    command,
    args: cfg.args,
    env: { ...getDefaultEnvironment(), ...cfg.env },
    cwd: path.resolve(baseDir, cfg.cwd ?? "."),
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => onStderr(d.toString("utf8")));
  return transport;
}

/** `onRefused`: an SSE server refused a fresh token (the connection is no use; a new one refreshes once more). */
function httpTransport(server: ResolvedServer, onRefused: () => void, opts: ConnectOptions): Transport {
  const url = new URL(server.config.url as string);
  const headers = server.config.headers;
  const requestInit = { headers };
  const { authProvider } = opts;
  if (!authProvider) {
    if (server.transport !== "sse") return new StreamableHTTPClientTransport(url, { requestInit });
    return new SSEClientTransport(url, { requestInit });
  }
  // auth()'s requests to other origins (a 401's resource_metadata, a token endpoint) are guarded (own-origin-fetch).
  const guarded = opts.oauthFetch ?? oauthNetworkFor(url.href).fetchFn;
  if (server.transport !== "sse") {
    const fetch = ownOriginFetch(url, headers, guarded);
    return new StreamableHTTPClientTransport(url, { requestInit, authProvider, fetch });
  }
  // The SSE transport retries every 401 with a refresh, endlessly: the guard stops a server that refuses fresh tokens.
  const fetch = ownOriginFetch(url, headers, guarded, refusalGuard(server.name, onRefused));
  return new SSEClientTransport(url, { requestInit, authProvider, fetch });
}

export interface ConnectOptions {
  /** OAuth tokens for an HTTP/SSE server (lib/mcp/oauth); absent: only the configured headers are sent. */
  authProvider?: OAuthClientProvider;
  /**
   * With `authProvider`: the fetch for auth()'s requests to origins other than the server's; default OAuth's
   * guarded fetch for the server (lib/mcp/oauth/guarded-fetch).
   */
  oauthFetch?: FetchLike;
}

/** `work`, or an error "`what` timed out after Ns" once `ms` have passed (the timer is cleared either way). */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000}s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Start or reach one server and complete the MCP handshake within `session_init_timeout`.
 * On failure everything started is torn down and the error says what happened, with the server's stderr.
 */
export async function connectServer(
  server: ResolvedServer,
  baseDir: string,
  opts: ConnectOptions = {},
): Promise<McpConnection> {
  let tail = "";
  const onStderr = (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL);
  };
  // Closed on the next turn of the event loop, so the request that met the refusal fails with the guard's message
  // (closing at once would fail it as "Connection closed"); marked closed, the connection is replaced on next use.
  const onRefused = () => void setImmediate(() => void conn.close());
  let transport: Transport;
  try {
    transport =
      server.transport === "stdio" ? stdioTransport(server, baseDir, onStderr) : httpTransport(server, onRefused, opts);
  } catch (e) {
    throw new Error(`cannot set up ${server.transport} transport: ${(e as Error).message}`);
  }
  const client = new Client({ name: "fawn", version: "0.1.0" }, { capabilities: {} });
  const conn: McpConnection = {
    client,
    closed: false,
    toolsChanged: false,
    description: null,
    stderrTail: () => tail.trim(),
    close: async () => {
      conn.closed = true;
      await client.close().catch(() => undefined);
    },
  };
  const ms = server.config.session_init_timeout * 1000;
  try {
    await within(ms, "session initialisation", client.connect(transport, { timeout: ms }));
  } catch (e) {
    await conn.close();
    const stderr = tail.trim().split("\n").slice(-3).join(" | ");
    throw new Error(`${(e as Error).message}${stderr ? ` (stderr: ${stderr})` : ""}`, { cause: e });
  }
  conn.description = ownDescription(client.getServerVersion());
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    conn.toolsChanged = true;
  });
  // Set after connect: the client installs its own handlers during connect and chains ours.
  const prevClose = client.onclose;
  client.onclose = () => {
    conn.closed = true;
    prevClose?.();
  };
  return conn;
}
