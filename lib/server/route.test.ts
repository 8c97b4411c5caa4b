/** The Next.js catch-all route is a thin adapter over the process-wide API instance. */
import { describe, expect, test } from "vitest";
import * as route from "@/app/api/langgraph/[...path]/route";

describe("app/api/langgraph/[...path]/route", () => {
  test("exports the Node runtime, dynamic rendering and every method the SDK uses", () => {
    expect(route.runtime).toBe("nodejs");
    expect(route.dynamic).toBe("force-dynamic");
    for (const handler of [route.GET, route.POST, route.PATCH, route.DELETE, route.OPTIONS]) {
      expect(typeof handler).toBe("function");
    }
  });

  test("requests reach the API under /api/langgraph (health check needs no agent)", async () => {
    const res = await route.GET(new Request("http://localhost:3000/api/langgraph/info"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: "fawn" });
    const missing = await route.GET(new Request("http://localhost:3000/api/langgraph/nope"));
    expect(missing.status).toBe(404);
  });
});
