import { describe, expect, test } from "vitest";
import {
  corsHeaders,
  isOriginAllowed,
  parseCorsOrigins,
  preflightResponse,
  wildcardWithoutToken,
  withCors,
} from "./cors";

const withOrigin = (origin: string | null, method = "GET") =>
  new Request("http://fawn/api/x", { method, headers: origin ? { origin } : {} });

describe("cors", () => {
  test("origins come from a comma-separated list; * allows any", () => {
    expect(parseCorsOrigins(" https://a.example/, http://localhost:3000 ,")).toEqual([
      "https://a.example",
      "http://localhost:3000",
    ]);
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(isOriginAllowed("https://a.example", ["https://a.example"])).toBe(true);
    expect(isOriginAllowed("https://b.example", ["https://a.example"])).toBe(false);
    expect(isOriginAllowed("https://b.example", ["*"])).toBe(true);
    expect(isOriginAllowed(null, ["*"])).toBe(false);
  });

  test("* counts only with FAWN_API_TOKEN set: without a token any website could use the API", () => {
    expect(parseCorsOrigins("*", "secret")).toEqual(["*"]);
    expect(parseCorsOrigins("*, https://a.example", undefined)).toEqual(["https://a.example"]);
    expect(parseCorsOrigins("*", "  ")).toEqual([]);
    expect(wildcardWithoutToken("*", undefined)).toBe(true);
    expect(wildcardWithoutToken("*", "secret")).toBe(false);
    expect(wildcardWithoutToken("https://a.example", undefined)).toBe(false);
  });

  test("allowed origins get the origin echoed and Content-Location exposed", () => {
    const h = corsHeaders(withOrigin("https://a.example"), ["https://a.example"]);
    expect(h["Access-Control-Allow-Origin"]).toBe("https://a.example");
    expect(h["Access-Control-Expose-Headers"]).toContain("Content-Location");
    expect(corsHeaders(withOrigin("https://b.example"), ["https://a.example"])).toEqual({});
  });

  test("preflight allows the SDK's headers; unknown origins get none", () => {
    const ok = preflightResponse(withOrigin("https://a.example", "OPTIONS"), ["https://a.example"]);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-headers")).toBe(
      "content-type, x-api-key, last-event-id, x-auth-scheme, authorization",
    );
    expect(ok.headers.get("access-control-allow-methods")).toContain("DELETE");
    const no = preflightResponse(withOrigin("https://b.example", "OPTIONS"), ["https://a.example"]);
    expect(no.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("withCors decorates an existing response, keeping its Vary", () => {
    const res = new Response("{}", { headers: { Vary: "Accept" } });
    withCors(withOrigin("https://a.example"), res, ["https://a.example"]);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://a.example");
    expect(res.headers.get("vary")).toBe("Accept, Origin");
  });
});
