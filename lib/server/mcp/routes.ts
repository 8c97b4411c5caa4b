/**
 * The MCP server management routes behind the one edge: list, add, replace, change, remove and check servers
 * (/api/mcp/servers…), and OAuth sign-in, callback and sign-out (/api/mcp/oauth/…). Adding a stdio server is
 * running a program of the caller's choosing, exactly as editing extensions_config.json is: these routes are
 * state-changing and pass the edge's Host, Origin and token checks like every other.
 */
import { z } from "zod";
import type { Env } from "@/lib/config/env";
import type { ErrorCode } from "@/lib/contracts/errors";
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
import {
  listServers,
  loadedServer,
  type ManagedRuntime,
  oauthOf,
  runtimeOrError,
  probeConfigured,
} from "@/lib/mcp/manage";
import { OAuthFlowError } from "@/lib/mcp/oauth/errors";
import { usesOAuth } from "@/lib/mcp/oauth/service";
import {
  type AdminFailure,
  addServer,
  adminErrorOf,
  patchServer,
  removeServer,
  replaceServer,
  type WriteResult,
} from "@/lib/mcp/servers-admin";
import { type Edge, edgeRoute } from "../edge";
import { ApiError, jsonResponse, parseJsonBody, parseWith, readJsonBody } from "../http";
import { appUrl, publicOriginFromEnv } from "../public-url";
import { hostOf } from "../request-source";

export type { ManagedRuntime };

type NameContext = { params: Promise<{ name: string }> };
type Handler<C> = (request: Request, ctx: C) => Promise<Response>;

export const CALLBACK_PATH = "/api/mcp/oauth/callback";

const NamePath = z.object({ name: ServerNameSchema });

async function nameOf(ctx: NameContext): Promise<string> {
  return parseWith(NamePath, await ctx.params, "path").name;
}

const API_ERROR: Record<AdminFailure["kind"], [number, ErrorCode]> = {
  invalid: [400, "invalid_body"],
  not_found: [404, "not_found"],
  conflict: [409, "conflict"],
  taken: [409, "name_taken"],
  upstream: [502, "upstream_error"],
};

/** Domain errors as the client sees them: each names the server, the field (of the body) or the file. */
function asApiError(e: unknown): unknown {
  const failure = adminErrorOf(e);
  if (!failure) return e;
  const [status, code] = API_ERROR[failure.kind];
  return new ApiError(
    status,
    code,
    failure.kind === "invalid" || failure.kind === "taken" ? `body.${failure.message}` : failure.message,
  );
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
  const oauth = () => oauthOf(fawn(), env);
  const ifMatch = (req: Request) => ({ ifMatch: req.headers.get("if-match"), env });
  async function configured(name: string) {
    const server = await loadedServer(fawn(), name);
    if (!server) throw new ApiError(404, "not_found", `no MCP server named "${name}" is loaded`);
    return server;
  }

  const list: Handler<unknown> = edge(async () => {
    const body: McpServersResponse = await listServers(fawn(), env);
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

  /** Body `{}`: check the saved entry. Body with fields: check that entry as typed (not saved; `***` = stored). */
  const probe: Handler<NameContext> = edge<NameContext>(async (req, _url, ctx) => {
    const name = await nameOf(ctx);
    const { name: _ignored, ...typed } = parseWith(McpServerEntrySchema, await readJsonBody(req), "body");
    const typedOrSaved = Object.keys(typed).length > 0 ? typed : null;
    return jsonResponse(await mapped(() => probeConfigured(fawn(), name, typedOrSaved, env)));
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
    // Back to FAWN_PUBLIC_URL when set (behind a proxy the request names its upstream), else to the address the
    // browser used (its Host already checked against the allowed hosts by the edge).
    const redirectUri = appUrl(CALLBACK_PATH, publicOriginFromEnv(env), `${url.protocol}//${hostOf(req)}`);
    return jsonResponse(await mapped(() => oauth().startSignIn(server, redirectUri)));
  });

  /**
   * The authorization server sends the browser here. No API token is asked for: the browser comes from another
   * site, so the SameSite cookie is not sent; the one-time `state` of a flow started through the API is the key.
   */
  const oauthCallback: Handler<unknown> = edge(
    async (_req, url) => {
      const q = parseWith(OAuthCallbackQuerySchema, Object.fromEntries(url.searchParams), "query");
      const { runtime } = await runtimeOrError(fawn());
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

  return { list, create, replace, patch, remove, probe, oauthStart, oauthCallback, oauthSignOut };
}
