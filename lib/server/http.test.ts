import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  ApiError,
  describeZodError,
  emptyResponse,
  jsonError,
  parseBooleanParam,
  parseJsonBody,
  queryObject,
  readBodyText,
  readJsonBody,
} from "./http";

const post = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://x/api", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("http helpers", () => {
  test("jsonError has the {error:{code,message}} shape", async () => {
    const res = jsonError(404, "not_found", "Thread t1 not found");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Thread t1 not found" } });
    expect(await emptyResponse(202).text()).toBe("");
  });

  test("body size cap: declared length and streamed length", async () => {
    await expect(readBodyText(post("x".repeat(20), { "content-length": "20" }), 10)).rejects.toMatchObject({
      status: 413,
    });
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 5; i++) c.enqueue(new TextEncoder().encode("xxxx"));
        c.close();
      },
    });
    await expect(readBodyText(post(stream, {}), 10)).rejects.toMatchObject({ status: 413, code: "payload_too_large" });
    expect(await readBodyText(post("héllo"), 10)).toBe("héllo");
  });

  test("JSON bodies: empty is {}, invalid is 400, non-JSON content type is 415", async () => {
    expect(await readJsonBody(post(""))).toEqual({});
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ a: 1 });
    await expect(readJsonBody(post("{oops"))).rejects.toMatchObject({ status: 400, code: "invalid_json" });
    // The place of a syntax error is its line and column, not a character count.
    await expect(readJsonBody(post('{\n  "a": 1\n  "b": 2\n}'))).rejects.toMatchObject({
      message: "Request body is not valid JSON: Expected ',' or '}' after property value (line 3, column 3)",
    });
    await expect(
      readJsonBody(post("a=1", { "content-type": "application/x-www-form-urlencoded" })),
    ).rejects.toMatchObject({
      status: 415,
    });
  });

  test("validation errors name the field", async () => {
    const schema = z.object({ limit: z.number(), items: z.array(z.object({ name: z.string() })) });
    const err = await parseJsonBody(post('{"limit":"x","items":[{"name":1}]}'), schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toMatch(/^body\.limit: .*; body\.items\[0\]\.name: /);
    const r = schema.safeParse({});
    expect(describeZodError(r.error!, "query")).toContain("query.limit");
  });

  test("query parameters: repeated keys and JSON arrays parse alike", () => {
    expect(queryObject(new URL("http://x/?stream_mode=values&stream_mode=updates&wait=1"))).toEqual({
      stream_mode: ["values", "updates"],
      wait: "1",
    });
    expect(queryObject(new URL('http://x/?stream_mode=["values","updates"]'))).toEqual({
      stream_mode: ["values", "updates"],
    });
    expect(parseBooleanParam("1")).toBe(true);
    expect(parseBooleanParam(["1", "false"])).toBe(false);
    expect(parseBooleanParam("maybe")).toBeUndefined();
  });
});
