import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { RequestError } from "./request-json";
import { sendJson } from "./send-json";

const schema = z.object({ n: z.number() });
const calls: RequestInit[] = [];

function serve(status: number, body: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response(body, { status });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe("sendJson", () => {
  it("sends the body as JSON with the given headers and validates the answer", async () => {
    serve(201, '{"n":1}');
    await expect(sendJson("POST", "/api/x", { a: 1 }, schema, { "if-match": '"e1"' })).resolves.toEqual({ n: 1 });
    expect(calls[0].method).toBe("POST");
    expect(calls[0].body).toBe('{"a":1}');
    expect(calls[0].headers).toMatchObject({ "content-type": "application/json", "if-match": '"e1"' });
  });

  it("throws the server's message with status and code", async () => {
    serve(409, '{"error":{"code":"conflict","message":"the file changed since you read it"}}');
    const err = await sendJson("PATCH", "/api/x", { enabled: false }, schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ status: 409, code: "conflict", message: "the file changed since you read it" });
  });

  it("names the field of a wrong answer, and a body that is not JSON", async () => {
    serve(200, '{"n":"one"}');
    await expect(sendJson("DELETE", "/api/x", undefined, schema)).rejects.toThrow(/unexpected response at "n"/);
    serve(502, "<html>bad gateway</html>");
    await expect(sendJson("POST", "/api/x", {}, schema)).rejects.toThrow(
      "HTTP 502, not JSON: <html>bad gateway</html>",
    );
  });
});
