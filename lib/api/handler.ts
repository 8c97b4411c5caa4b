import { log } from "@/lib/log/logger";
import { requireAuth } from "@/lib/server/auth";
import { preflightResponse, withCors } from "@/lib/server/cors";
import { ApiError, errorResponse, jsonError } from "@/lib/server/http";

type Handler = (request: Request, url: URL) => Promise<Response>;

/** Auth, CORS and error mapping around a small JSON route: a handler only parses, delegates and returns. */
export function apiRoute(handler: Handler): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === "OPTIONS") return preflightResponse(request);
    const denied = requireAuth(request);
    if (denied) return withCors(request, denied);
    try {
      return withCors(request, await handler(request, new URL(request.url)));
    } catch (e) {
      if (e instanceof ApiError) return withCors(request, errorResponse(e));
      log("error", "api.unhandled", { path: new URL(request.url).pathname, error: (e as Error).message });
      return withCors(request, jsonError(500, "internal", (e as Error).message.split("\n")[0].slice(0, 500)));
    }
  };
}
