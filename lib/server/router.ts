/** A tiny path router for the API's catch-all route: `/threads/:thread_id/runs/:run_id/stream` style patterns. */
import { ApiError } from "./http";
import type { RunManager } from "./runs";
import type { ThreadRecords } from "./thread-records";
import type { AgentRuntime, Assistant, Logger } from "./types";

export interface ResolvedRuntime {
  runtime: AgentRuntime;
  /** Where the runtime's thread records are (its SQLite file, or the database instances share). */
  store: ThreadRecords;
  /** The runs on that store: executed here, coordinated with other processes through its run book. */
  runs: RunManager;
  assistant: Assistant;
}

export interface ApiContext {
  resolve(): Promise<ResolvedRuntime>;
  logger: Logger;
  now: () => Date;
  heartbeatMs: number;
  maxBodyBytes: number;
  /** Largest history response; snapshots beyond it are left for the next page. */
  maxHistoryBytes: number;
}

export interface RouteRequest {
  request: Request;
  url: URL;
  params: Record<string, string>;
  ctx: ApiContext;
}

export type RouteHandler = (req: RouteRequest) => Promise<Response>;

export interface Route {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  pattern: string;
  handler: RouteHandler;
}

interface CompiledRoute extends Route {
  segments: string[];
}

export function compileRoutes(routes: Route[]): CompiledRoute[] {
  return routes.map((r) => ({ ...r, segments: r.pattern.split("/").filter(Boolean) }));
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new ApiError(400, "invalid_path", `Path segment '${s}' is not valid percent-encoding`);
  }
}

function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(":")) params[p.slice(1)] = path[i];
    else if (p !== path[i]) return null;
  }
  return params;
}

/**
 * Find the route for a method and path (segments already split). Literal segments beat parameters, so
 * `/threads/search` never reaches `/threads/:thread_id`. A path with no route for this method is a 405.
 */
export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  rawSegments: string[],
): { route: CompiledRoute; params: Record<string, string> } {
  const segments = rawSegments.map(decodeSegment);
  const candidates = routes
    .map((route) => ({ route, params: matchSegments(route.segments, segments) }))
    .filter((c): c is { route: CompiledRoute; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  const hit = candidates.find((c) => c.route.method === method);
  if (hit) return hit;
  const path = `/${rawSegments.join("/")}`;
  if (candidates.length > 0) {
    const allowed = [...new Set(candidates.map((c) => c.route.method))].join(", ");
    throw new ApiError(405, "method_not_allowed", `${method} is not supported on ${path} (allowed: ${allowed})`);
  }
  throw new ApiError(404, "not_found", `No such endpoint: ${method} ${path}`);
}
