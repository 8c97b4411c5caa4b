/**
 * The one HTTP edge every route handler passes through: the LangGraph API catch-all and Fawn's own routes
 * (/api/tools, /api/mcp, /api/models, /api/persistence, /api/files, /auth). In order: Host and Origin checks
 * (request-source), CORS preflight, token auth, the handler, one error mapper (`errorResponse`), CORS headers
 * and one log line per request. A handler only parses, delegates and returns; anything it throws becomes `{error:{code,message}}`.
 */
import { log as defaultLog } from "@/lib/log/logger";
import { configuredApiToken, requireAuth } from "./auth";
import { parseCorsOrigins, preflightResponse, withCors } from "./cors";
import { errorResponse } from "./errors";
import { checkRequestSource, type SourcePolicy, sourcePolicyFromEnv } from "./request-source";
import type { Logger } from "./types";

export interface EdgeOptions {
  logger?: Logger;
  /** The bearer token the API requires; default `FAWN_API_TOKEN`, read per request. Empty disables auth. */
  apiToken?: () => string | undefined;
  /** Origins allowed to call cross-origin; default `FAWN_CORS_ORIGINS`, read per request. */
  corsOrigins?: () => string[];
  /** Hosts and origins requests may come from; default PORT, FAWN_ALLOWED_HOSTS and FAWN_CORS_ORIGINS. */
  source?: () => SourcePolicy;
}

export interface RouteOptions {
  /** False for the one route that hands out the credential (/auth). Default true. */
  auth?: boolean;
  /** A route the UI polls: its answered requests log at debug, so the log is not one line every few seconds. */
  polled?: boolean;
}

/** A handler behind the edge: the request, its parsed URL, and the framework's route context (Next's params). */
export type EdgeHandler<C> = (request: Request, url: URL, ctx: C) => Promise<Response>;

export type Edge = <C = unknown>(
  handler: EdgeHandler<C>,
  opts?: RouteOptions,
) => (request: Request, ctx?: C) => Promise<Response>;

export function createEdge(opts: EdgeOptions = {}): Edge {
  const logger = opts.logger ?? defaultLog;
  const token = opts.apiToken ?? configuredApiToken;
  const origins = opts.corsOrigins ?? (() => parseCorsOrigins());
  const source = opts.source ?? (() => ({ ...sourcePolicyFromEnv(), corsOrigins: origins() }));
  return <C>(handler: EdgeHandler<C>, routeOpts: RouteOptions = {}) =>
    async (request: Request, ctx?: C) => {
      const started = Date.now();
      const url = new URL(request.url);
      let response: Response;
      try {
        const refused = checkRequestSource(request, source());
        if (refused) throw refused;
        if (request.method === "OPTIONS") response = preflightResponse(request, origins());
        else {
          const denied = routeOpts.auth === false ? null : requireAuth(request, token());
          // Next always passes its route context; routes without params are also called with none.
          response = denied ?? (await handler(request, url, ctx as C));
        }
      } catch (err) {
        response = errorResponse(err, { logger, method: request.method, path: url.pathname });
      }
      const level = response.status >= 500 ? "error" : routeOpts.polled && response.status < 400 ? "debug" : "info";
      logger(level, "http.request", {
        method: request.method,
        path: url.pathname,
        status: response.status,
        ms: Date.now() - started,
      });
      return withCors(request, response, origins());
    };
}

/** The edge of the app's own routes, configured from the environment. */
export const edgeRoute: Edge = createEdge();
