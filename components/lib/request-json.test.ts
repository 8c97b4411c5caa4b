import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { isConflict, RequestError, requestJson } from "./request-json";

const schema = z.object({ n: z.number() });

function serve(status: number, body: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("requestJson", () => {
  it("passes a refusal through the caller's wording; a wrong shape is not a refusal", async () => {
    serve(404, '{"error":{"code":"not_found","message":"no such server"}}');
    const reworded = await requestJson("/api/x", schema, {}, (e) => new Error(`[${e.status}] ${e.message}`)).catch(
      (e: unknown) => e,
    );
    expect(reworded).toEqual(new Error("[404] no such server"));
    serve(200, '{"n":"one"}');
    const wrong = await requestJson("/api/x", schema, {}, () => new Error("not used")).catch((e: unknown) => e);
    expect(wrong).not.toBeInstanceOf(RequestError);
    expect(wrong).toMatchObject({ message: expect.stringMatching(/^\/api\/x: unexpected response at "n"/) });
  });

  it("says HTTP status when a refusal has no error body", async () => {
    serve(503, '{"busy":true}');
    await expect(requestJson("/api/x", schema)).rejects.toMatchObject({ status: 503, code: null, message: "HTTP 503" });
  });

  it("leaves a failure to reach the server as it is", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    await expect(requestJson("/api/x", schema, {}, () => new Error("not used"))).rejects.toThrow(
      new TypeError("fetch failed"),
    );
  });
});

describe("isConflict", () => {
  it("is a 409 with the conflict code only", () => {
    expect(isConflict(new RequestError(409, "conflict", "changed"))).toBe(true);
    expect(isConflict(new RequestError(409, null, "HTTP 409"))).toBe(false);
    expect(isConflict(new RequestError(400, "conflict", "odd"))).toBe(false);
    expect(isConflict(new Error("conflict"))).toBe(false);
  });
});
