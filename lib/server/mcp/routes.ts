/**
 * The MCP server management routes behind the one edge: list, add, replace, change, remove and test servers
 * (/api/mcp/servers…), and OAuth sign-in, callback and sign-out (/api/mcp/oauth/…). Adding a stdio server is
 * running a program of the caller's choosing, exactly as editing extensions_config.json is: these routes are
 * state-changing and pass the edge's Host, Origin and token checks like every other.
 */
import path from "node:path";
import { z } from "zod";
import type { AgentRuntime } from "@/lib/agent/runtime";
import { toolsResponse } from "@/lib/agent/tools-response";
import { ConfigError, type ConfigPaths } from "@/lib/config";
import type { Env } from "@/lib/config/env";
import {
  McpServerCreateSchema,
  McpServerEntrySchema,
  McpServerPatchSchema,
  type McpServersResponse,
  type McpServerWriteResponse,
  OAuthCallbackQuerySchema,
  type OAuthSignOutResponse,
  ServerNameSchema,
} from "@/lib/contracts/mcp-servers";
import { ConfigConflictError, etagOf, readExtensions } from "@/lib/mcp/config-writer";
import { OAuthFlowError } from "@/lib/mcp/oauth/errors";
import { mcpOAuthFor, usesOAuth } from "@/lib/mcp/oauth/service";
import { dataDirOf } from "@/lib/mcp/oauth/store";
import { probeServer, resolveForTest } from "@/lib/mcp/probe";
import { EntryError } from "@/lib/mcp/server-entries";
import {
  addServer,
  entryForTest,
  patchServer,
  removeServer,
  replaceServer,
  ServerAdminError,
  type WriteResult,
} from "@/lib/mcp/servers-admin";
import { serversView } from "@/lib/mcp/servers-view";
import { type Edge, edgeRoute } from "../edge";
import { ApiError, jsonResponse, parseJsonBody, parseWith, readJsonBody } from "../http";
import { hostOf } from "../request-source";

/** What the routes need of the running app (FawnRuntime has it all). */
export interface ManagedRuntime {
  readonly store: { readonly paths: ConfigPaths };
  get(): Promise<AgentRuntime>;
  reconnectServer(name: string): Promise<void>;
}

type NameContext = { params: Promise<{ name: string }> };
type Handler<C> = (request: Request, ctx: C) => Promise<Response>;

export const CALLBACK_PATH = "/api/mcp/oauth/callback";

const NamePath = z.object({ name: ServerNameSchema });

async function nameOf(ctx: NameContext): Promise<string> {
  return parseWith(NamePath, await ctx.params, "path").name;
}

/** Domain errors as the client sees them: each names the server, the field or the file. */
function asApiError(e: unknown): unknown {
  if (e instanceof EntryError) return new ApiError(400, "invalid_body", `body.${e.field || "entry"}: ${e.problem}`);
  if (e instanceof ServerAdminError)
    return new ApiError(
      e.kind === "not_found" ? 404 : 409,
      e.kind === "not_found" ? "not_found" : "conflict",
      e.message,
    );
  if (e instanceof ConfigConflictError) return new ApiError(409, "conflict", e.message);
  // The file as it is cannot take the change (a hand edit broke it, or another server is invalid): fix it first.
  if (e instanceof ConfigError)
    return new ApiError(409, "conflict", `cannot change the file until it is fixed: ${e.message}`);
  if (e instanceof OAuthFlowError) return new ApiError(502, "upstream_error", e.message);
  return e;
}

async function mapped<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw asApiError(e);
  }
}

function written(result: WriteResult, status = 200): Response {
  const body: McpServerWriteResponse = result;
  return jsonResponse(body, status, { etag: result.etag });
}

export function mcpServerRoutes(fawn: () => ManagedRuntime, env: Env = process.env, edge: Edge = edgeRoute) {
  const fileOf = () => fawn().store.paths.extensions;
  const baseDirOf = () => path.dirname(fawn().store.paths.config);
  const oauth = () => mcpOAuthFor(dataDirOf(baseDirOf(), env));
  const ifMatch = (req: Request) => ({ ifMatch: req.headers.get("if-match"), env });
  async function runtimeOrError(): Promise<{ runtime: AgentRuntime | null; error: string | null }> {
    try {
      return { runtime: await fawn().get(), error: null };
    } catch (e) {
      return { runtime: null, error: (e as Error).message };
    }
  }
  async function configured(name: string) {
    const { runtime } = await runtimeOrError();
    const server = runtime?.config.servers.find((s) => s.name === name);
    if (!server) throw new ApiError(404, "not_found", `no MCP server named "${name}" is loaded`);
    return server;
  }

  const list: Handler<unknown> = edge(async () => {
    let snapshot: ReturnType<typeof readExtensions>;
    try {
      snapshot = readExtensions(fileOf());
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      const body: McpServersResponse = { servers: [], etag: etagOf(""), file: fileOf(), error: e.message };
      return jsonResponse(body);
    }
    const { runtime, error } = await runtimeOrError();
    const body = await serversView(snapshot, runtime, oauth(), error);
    return jsonResponse(body, 200, { etag: body.etag });
  });

  const create: Handler<unknown> = edge(async (req) => {
    const { name, ...entry } = await parseJsonBody(req, McpServerCreateSchema);
    return written(await mapped(() => addServer(fileOf(), name, entry, ifMatch(req))), 201);
  });

  const replace: Handler<NameContext> = edge<NameContext>(async (req, _url, ctx) => {
    const name = await nameOf(ctx);
    const { name: named, ...entry } = await parseJsonBody(req, McpServerEntrySchema);
    if (named !== undefined && named !== name)
      throw new ApiError(
        400,
        "invalid_body",
        `body.name: "${String(named)}" is not "${name}"; renaming is adding a new server and removing this one`,
      );
    return written(await mapped(() => replaceServer(fileOf(), name, entry, ifMatch(req))));
  });

  const patch: Handler<NameContext> = edge<NameContext>(async (req, _url, ctx) => {
    const name = await nameOf(ctx);
    const change = await parseJsonBody(req, McpServerPatchSchema);
    if ("name" in change) throw new ApiError(400, "invalid_body", "body.name: a server cannot be renamed");
    return written(await mapped(() => patchServer(fileOf(), name, change, ifMatch(req))));
  });

  const remove: Handler<NameContext> = edge<NameContext>(async (req, _url, ctx) => {
    const name = await nameOf(ctx);
    const result = await mapped(() => removeServer(fileOf(), name, ifMatch(req)));
    await oauth().forget(name);
    return written(result);
  });

  /** Body `{}`: test the saved entry. Body with fields: test that entry as typed (not saved; `***` = stored). */
  const test: Handler<NameContext> = edge<NameContext>(async (req, _url, ctx) => {
    const name = await nameOf(ctx);
    const raw = parseWith(McpServerEntrySchema, await readJsonBody(req), "body");
    const { name: _ignored, ...typed } = raw;
    const entry = await mapped(() => entryForTest(fileOf(), name, Object.keys(typed).length > 0 ? typed : null));
    const server = await mapped(() => resolveForTest(name, entry, fileOf(), env));
    const { runtime } = await runtimeOrError();
    // The auto threshold counts every server's `auto` tools together: the others' share comes from the inventory.
    const others = runtime
      ? (await toolsResponse(runtime, null)).tools
          .filter((t) => t.source === "mcp" && t.server !== name && (t.defer_policy?.policy ?? "auto") === "auto")
          .reduce((n, t) => n + t.tokens, 0)
      : 0;
    const result = await probeServer(server, {
      baseDir: path.dirname(fileOf()),
      authProvider: oauth().providerFor(server),
      toolSearch: runtime?.config.app.tool_search.enabled ?? true,
      autoThresholdTokens: runtime?.built.setup.autoThresholdTokens ?? 0,
      otherAutoTokens: others,
    });
    return jsonResponse(result);
  });

  const oauthStart: Handler<NameContext> = edge<NameContext>(async (req, url, ctx) => {
    const server = await configured(await nameOf(ctx));
    if (!usesOAuth(server))
      throw new ApiError(
        400,
        "invalid_path",
        server.transport === "stdio"
          ? `path.name: "${server.name}" is a stdio server; OAuth sign-in is for HTTP and SSE servers`
          : `path.name: "${server.name}" sends its own Authorization header; remove it to sign in with OAuth instead`,
      );
    // Back to the address the browser used (already checked against the allowed hosts by the edge).
    const redirectUri = `${url.protocol}//${hostOf(req)}${CALLBACK_PATH}`;
    return jsonResponse(await mapped(() => oauth().startSignIn(server, redirectUri)));
  });

  /**
   * The authorization server sends the browser here. No API token is asked for: the browser comes from another
   * site, so the SameSite cookie is not sent; the one-time `state` of a flow started through the API is the key.
   */
  const oauthCallback: Handler<unknown> = edge(
    async (_req, url) => {
      const q = parseWith(OAuthCallbackQuerySchema, Object.fromEntries(url.searchParams), "query");
      const { runtime } = await runtimeOrError();
      // Back to the app, on the Servers tab, saying how it went (the message names no token).
      const back = new URLSearchParams({ panel: "servers" });
      try {
        const name = await oauth().finishSignIn(q, (n) => runtime?.config.servers.find((s) => s.name === n));
        await fawn().reconnectServer(name);
        back.set("signed_in", name);
      } catch (e) {
        if (!(e instanceof OAuthFlowError)) throw e;
        if (e.server) back.set("server", e.server);
        back.set("oauth_error", e.message);
      }
      return new Response(null, { status: 303, headers: { location: `/?${back}` } });
    },
    { auth: false },
  );

  const oauthSignOut: Handler<NameContext> = edge<NameContext>(async (_req, _url, ctx) => {
    const server = await configured(await nameOf(ctx));
    const { revoked } = await oauth().signOut(server);
    await fawn().reconnectServer(server.name);
    const body: OAuthSignOutResponse = { name: server.name, revoked };
    return jsonResponse(body);
  });

  return { list, create, replace, patch, remove, test, oauthStart, oauthCallback, oauthSignOut };
}
