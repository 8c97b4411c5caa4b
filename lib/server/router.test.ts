import { describe, expect, test } from "vitest";
import { compileRoutes, matchRoute, type RouteHandler } from "./router";

const h: RouteHandler = async () => new Response(null);
const routes = compileRoutes([
  { method: "POST", pattern: "/threads/search", handler: h },
  { method: "GET", pattern: "/threads/:thread_id", handler: h },
  { method: "DELETE", pattern: "/threads/:thread_id", handler: h },
  { method: "GET", pattern: "/threads/:thread_id/runs/:run_id/stream", handler: h },
]);

describe("router", () => {
  test("literal segments beat parameters; parameters are decoded", () => {
    expect(matchRoute(routes, "POST", ["threads", "search"]).route.pattern).toBe("/threads/search");
    const m = matchRoute(routes, "GET", ["threads", "a%20b", "runs", "r1", "stream"]);
    expect(m.params).toEqual({ thread_id: "a b", run_id: "r1" });
  });

  test("unknown paths are 404, known paths with another method 405, bad encoding 400", () => {
    expect(() => matchRoute(routes, "GET", ["nope"])).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => matchRoute(routes, "PATCH", ["threads", "t1"])).toThrow(
      expect.objectContaining({ status: 405, message: expect.stringContaining("GET, DELETE") }),
    );
    expect(() => matchRoute(routes, "GET", ["threads", "%E0%A4%A"])).toThrow(expect.objectContaining({ status: 400 }));
  });
});
