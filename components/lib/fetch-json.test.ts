import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { fetchJson } from "./fetch-json";
import { errorText } from "./message-content";

const schema = z.object({ n: z.number() });

function serve(status: number, body: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchJson", () => {
  it("returns validated data", async () => {
    serve(200, '{"n":1}');
    await expect(fetchJson("/api/x", schema)).resolves.toEqual({ n: 1 });
  });

  it("names the URL and the field of a wrong shape", async () => {
    serve(200, '{"n":"one"}');
    await expect(fetchJson("/api/x", schema)).rejects.toThrow(/\/api\/x: unexpected response at "n"/);
  });

  it("shows the server's error message and code", async () => {
    serve(404, '{"error":{"code":"not_found","message":"Thread t1 not found"}}');
    await expect(fetchJson("/api/tools?thread_id=t1", schema)).rejects.toThrow(
      "/api/tools?thread_id=t1: Thread t1 not found (not_found)",
    );
  });

  it("reports a body that is not JSON", async () => {
    serve(500, "<html>boom</html>");
    await expect(fetchJson("/api/x", schema)).rejects.toThrow("/api/x: HTTP 500, not JSON: <html>boom</html>");
  });

  it("fails with plain Errors, so a panel shows the message without a class name", async () => {
    serve(409, '{"error":{"code":"conflict","message":"busy"}}');
    const refused = await fetchJson("/api/x", schema).catch((e: unknown) => e);
    expect(errorText(refused)).toBe("/api/x: busy (conflict)");
    serve(200, "{}");
    const wrong = await fetchJson("/api/x", schema).catch((e: unknown) => e);
    expect(errorText(wrong)).toMatch(/^\/api\/x: unexpected response at "n"/);
  });
});
