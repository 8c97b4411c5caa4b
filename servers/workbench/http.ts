// Stateless Streamable HTTP hosting for any MCP server factory (the workbench and the test fixtures).
// Stateless means a fresh server + transport per POST; the SDK refuses to reuse a stateless transport.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

export interface Connectable {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface HttpServeOptions {
  port?: number;
  host?: string;
  /** Endpoint path; default "/mcp". */
  path?: string;
  /** Largest accepted request body in bytes; default 4 MiB. */
  maxBodyBytes?: number;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

function rpcError(code: number, message: string) {
  return { jsonrpc: "2.0", error: { code, message }, id: null };
}

function log(event: string, fields: Record<string, unknown>): void {
  process.stderr.write(JSON.stringify({ level: "error", event, ...fields }) + "\n");
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function serveHttp(
  createServer: () => Connectable,
  opts: HttpServeOptions = {},
): Promise<RunningHttpServer> {
  const host = opts.host ?? "127.0.0.1";
  const endpoint = opts.path ?? "/mcp";
  const maxBody = opts.maxBodyBytes ?? 4 * 1024 * 1024;
  let allowedHosts: string[] | undefined;

  const httpServer = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    if (pathname === "/healthz" && req.method === "GET") return sendJson(res, 200, { status: "ok" });
    if (pathname !== endpoint)
      return sendJson(res, 404, rpcError(-32000, `Not found: ${pathname}; the MCP endpoint is ${endpoint}`));
    if (req.method !== "POST") {
      return sendJson(
        res,
        405,
        rpcError(-32000, `Method ${req.method} not allowed; this stateless server only accepts POST`),
        { allow: "POST" },
      );
    }
    const text = await readBody(req, maxBody);
    if (text === undefined) return sendJson(res, 413, rpcError(-32600, `Request body exceeds ${maxBody} bytes`));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return sendJson(res, 400, rpcError(-32700, `Parse error: ${(error as Error).message}`));
    }
    const server = createServer();
    // DNS-rebinding protection only makes sense (and only works) for a loopback-bound server.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...(allowedHosts ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      log("mcp_http_request_failed", { message: (error as Error).message });
      if (!res.headersSent) sendJson(res, 500, rpcError(-32603, "Internal server error"));
    }
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(opts.port ?? 0, host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  if (LOOPBACK.has(host)) allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${endpoint}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests (fault fixtures) would otherwise keep close() waiting forever.
        httpServer.closeAllConnections();
        httpServer.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
