// Command-line plumbing shared by the workbench and the test fixtures:
// `[stdio|http] [--port N] [--host H]` plus per-server options, then serve over the chosen transport.
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { serveHttp, type Connectable } from "./http";

export class UsageError extends Error {}

export interface ServeArgs {
  transport: "stdio" | "http";
  port: number;
  host: string;
  /** Positionals other than the transport word (e.g. a fixture mode). */
  positionals: string[];
  /** Values of the extra string options the caller declared. */
  options: Record<string, string | undefined>;
}

export function parseServeArgs(argv: string[], config: { defaultPort: number; extraOptions?: string[] }): ServeArgs {
  const extra = Object.fromEntries((config.extraOptions ?? []).map((name) => [name, { type: "string" as const }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: { port: { type: "string" }, host: { type: "string" }, ...extra },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals } = parsed;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const transports = positionals.filter((p) => p === "stdio" || p === "http");
  if (transports.length > 1) throw new UsageError(`choose one transport, got: ${transports.join(", ")}`);
  const transport = (transports[0] ?? "stdio") as "stdio" | "http";
  const rawPort = values.port as string | undefined;
  if (rawPort !== undefined && !/^\d{1,5}$/.test(rawPort))
    throw new UsageError(`--port must be a number 0-65535, got '${rawPort}'`);
  const port = rawPort === undefined ? config.defaultPort : Number(rawPort);
  if (port > 65535) throw new UsageError(`--port must be a number 0-65535, got '${rawPort}'`);
  const options = Object.fromEntries(
    (config.extraOptions ?? []).map((name) => [name, values[name] as string | undefined]),
  );
  return {
    transport,
    port,
    host: (values.host as string | undefined) ?? "127.0.0.1",
    positionals: positionals.filter((p) => p !== "stdio" && p !== "http"),
    options,
  };
}

/** Serve until killed. Over HTTP, prints `listening on URL` to stderr so a parent can read the port. */
export async function serve(label: string, createServer: () => Connectable, args: ServeArgs): Promise<void> {
  if (args.transport === "stdio") {
    const server = createServer();
    await server.connect(new StdioServerTransport());
    process.stderr.write(`${label}: serving MCP over stdio\n`);
    return;
  }
  const running = await serveHttp(createServer, { port: args.port, host: args.host });
  process.stderr.write(`listening on ${running.url}\n`);
  const stop = () => void running.close().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
