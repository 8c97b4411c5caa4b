/**
 * `fawn mcp list|add|enable|disable|remove|test|login|logout`: the Servers panel on the command line, through
 * the same modules as the API (lib/mcp/servers-admin, manage, oauth) and the same JSON documents with --json.
 */
import { parseArgs } from "node:util";
import { FawnRuntime } from "@/lib/agent/runtime";
import { type McpServerEntry, McpServerEntrySchema, ServerNameSchema, splitPair } from "@/lib/contracts/mcp-servers";
import { listServers, loadedServer, oauthOf, probeConfigured } from "@/lib/mcp/manage";
import { usesOAuth } from "@/lib/mcp/oauth/service";
import { addServer, adminErrorOf, patchServer, removeServer, ServerAdminError } from "@/lib/mcp/servers-admin";
import { loginWithLoopback } from "./mcp-login";
import { formatServers, formatTestResult } from "./mcp-format";

export const MCP_USAGE = `Usage:
  fawn mcp list [--json]
  fawn mcp add NAME --command CMD [--arg A]... [--env KEY=VALUE]... [--cwd DIR] [--description D] [--disabled]
  fawn mcp add NAME --url URL [--type http|sse] [--header "Name: value"]... [--description D] [--disabled]
  fawn mcp add NAME --entry '{"command": "…", …}'
  fawn mcp enable NAME | disable NAME | remove NAME
  fawn mcp test NAME [--json] [the same entry options as add: test them without saving]
  fawn mcp login NAME [--port N]        sign in with OAuth (a browser, and a listener on 127.0.0.1)
  fawn mcp logout NAME                  revoke and delete the server's OAuth tokens
An argument that starts with "-" is given as --arg=--import. All take --config F and --extensions F.
Adding a stdio server runs its command on this machine, as editing extensions_config.json does.`;

class UsageError extends Error {}

function pairs(values: string[] | undefined, separator: "=" | ":", option: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values ?? []) {
    const pair = splitPair(v, separator);
    if (!pair)
      throw new UsageError(
        `--${option} ${JSON.stringify(v)}: expected ${separator === "=" ? "KEY=VALUE" : '"Name: value"'}`,
      );
    out[pair[0]] = pair[1];
  }
  return out;
}

type Options = ReturnType<typeof parse>["values"];

/** The entry the options describe; null when none was given (test the saved entry). */
function entryOf(o: Options): McpServerEntry | null {
  if (o.entry !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(o.entry);
    } catch (e) {
      throw new UsageError(`--entry is not JSON: ${(e as Error).message}`);
    }
    const r = McpServerEntrySchema.safeParse(parsed);
    if (!r.success) throw new UsageError("--entry must be a JSON object (one mcpServers entry)");
    return r.data;
  }
  if (!o.command && !o.url) return null;
  const entry: McpServerEntry = {};
  if (o.command) {
    entry.command = o.command;
    if (o.arg?.length) entry.args = o.arg;
    if (o.env?.length) entry.env = pairs(o.env, "=", "env");
    if (o.cwd) entry.cwd = o.cwd;
  } else {
    entry.type = o.type ?? "http";
    entry.url = o.url;
    if (o.header?.length) entry.headers = pairs(o.header, ":", "header");
  }
  if (o.description) entry.description = o.description;
  if (o.disabled) entry.enabled = false;
  return entry;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: "string" },
      extensions: { type: "string" },
      json: { type: "boolean", default: false },
      command: { type: "string" },
      arg: { type: "string", multiple: true },
      env: { type: "string", multiple: true },
      cwd: { type: "string" },
      url: { type: "string" },
      type: { type: "string" },
      header: { type: "string", multiple: true },
      description: { type: "string" },
      disabled: { type: "boolean", default: false },
      entry: { type: "string" },
      port: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

/** What a failure says on stderr: the field (of the entry), the server or the file, as the API would. */
function describe(e: unknown): string {
  const failure = adminErrorOf(e);
  if (!failure) return (e as Error).message;
  return failure.kind === "invalid" || failure.kind === "taken" ? `entry.${failure.message}` : failure.message;
}

type Output = Pick<NodeJS.WritableStream, "write">;

export async function mcpMain(
  argv: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
): Promise<number> {
  let o: Options;
  let positionals: string[];
  try {
    ({ values: o, positionals } = parse(argv));
  } catch (e) {
    err.write(`fawn mcp: ${(e as Error).message}\n${MCP_USAGE}\n`);
    return 2;
  }
  const [command, name, ...extra] = positionals;
  if (o.help || !command) {
    out.write(`${MCP_USAGE}\n`);
    return command || o.help ? 0 : 2;
  }
  const needsName = command !== "list";
  if (needsName) {
    const ok = ServerNameSchema.safeParse(name);
    if (!ok.success) {
      err.write(
        `fawn mcp ${command}: ${name === undefined ? "name the server" : `name ${JSON.stringify(name)}: ${ok.error.issues[0]?.message}`}\n`,
      );
      return 2;
    }
  }
  if (extra.length > 0) {
    err.write(`fawn mcp ${command}: unexpected ${JSON.stringify(extra[0])}\n`);
    return 2;
  }
  const fawn = new FawnRuntime({ config: o.config, extensions: o.extensions });
  const file = fawn.store.paths.extensions;
  const print = (human: string, doc: unknown) => out.write(o.json ? `${JSON.stringify(doc, null, 2)}\n` : human);
  try {
    switch (command) {
      case "list": {
        const doc = await listServers(fawn);
        print(formatServers(doc), doc);
        return 0;
      }
      case "add": {
        const entry = entryOf(o);
        if (!entry) throw new UsageError("add needs --command, --url or --entry");
        const r = addServer(file, name, entry);
        print(`added "${name}" to ${file}\n`, r);
        return 0;
      }
      case "enable":
      case "disable": {
        const r = patchServer(file, name, { enabled: command === "enable" });
        print(`${command}d "${name}" in ${file}\n`, r);
        return 0;
      }
      case "remove": {
        const r = removeServer(file, name);
        await oauthOf(fawn).forget(name);
        print(`removed "${name}" from ${file}\n`, r);
        return 0;
      }
      case "test": {
        const r = await probeConfigured(fawn, name, entryOf(o));
        print(formatTestResult(r), r);
        return r.ok ? 0 : 1;
      }
      case "login":
      case "logout": {
        const server = await loadedServer(fawn, name);
        if (!server) throw new ServerAdminError("not_found", `no MCP server named "${name}" is loaded from ${file}`);
        if (!usesOAuth(server))
          throw new UsageError(
            `"${name}" does not use OAuth (a stdio server, or it sends its own Authorization header)`,
          );
        const oauth = oauthOf(fawn);
        if (command === "logout") {
          const { revoked } = await oauth.signOut(server);
          print(`signed out of "${name}" (${revoked} token(s) revoked)\n`, { name, revoked });
          return 0;
        }
        await loginWithLoopback(oauth, server, {
          port: o.port === undefined ? 0 : Number(o.port),
          onUrl: (url) => err.write(`Open this address in a browser to sign in to "${name}":\n${url}\n`),
        });
        print(`signed in to "${name}"; the tokens are in ${oauth.store.file}\n`, { name, signed_in: true });
        return 0;
      }
      default:
        err.write(`fawn mcp: unknown command "${command}"\n${MCP_USAGE}\n`);
        return 2;
    }
  } catch (e) {
    err.write(`fawn mcp ${command}: ${describe(e)}\n`);
    return e instanceof UsageError ? 2 : 1;
  } finally {
    await fawn.close();
  }
}
