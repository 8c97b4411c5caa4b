import { afterEach, describe, expect, test } from "vitest";
import { configuredApiToken, isAuthorized, presentedToken, requireAuth } from "./auth";

const r = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://fawn/api/x", { method, headers });

describe("auth", () => {
  afterEach(() => {
    delete process.env.FAWN_API_TOKEN;
  });

  test("without a token everything passes", () => {
    expect(requireAuth(r(), undefined)).toBeNull();
  });

  test("Bearer and x-api-key carry the token", () => {
    expect(presentedToken(r({ authorization: "Bearer abc" }))).toBe("abc");
    expect(presentedToken(r({ authorization: "bearer   abc " }))).toBe("abc");
    expect(presentedToken(r({ "x-api-key": "k" }))).toBe("k");
    expect(presentedToken(r({ authorization: "Basic xyz" }))).toBeUndefined();
    expect(isAuthorized(r({ authorization: "Bearer tok" }), "tok")).toBe(true);
    expect(isAuthorized(r({ "x-api-key": "tok" }), "tok")).toBe(true);
    expect(isAuthorized(r({ authorization: "Bearer tok2" }), "tok")).toBe(false);
  });

  test("missing or wrong tokens get 401 JSON; OPTIONS passes", async () => {
    const missing = requireAuth(r(), "Zq9-value")!;
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const body = (await missing.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unauthorized");
    expect(body.error.message).not.toContain("Zq9");
    expect((await requireAuth(r({ authorization: "Bearer nope" }), "tok")!.json()) as object).toMatchObject({
      error: { message: expect.stringMatching(/wrong/) },
    });
    expect(requireAuth(r({}, "OPTIONS"), "tok")).toBeNull();
  });

  test("the default token is FAWN_API_TOKEN, read per call", () => {
    expect(configuredApiToken()).toBeUndefined();
    process.env.FAWN_API_TOKEN = " from-env ";
    expect(configuredApiToken()).toBe("from-env");
    expect(requireAuth(r())?.status).toBe(401);
    expect(requireAuth(r({ authorization: "Bearer from-env" }))).toBeNull();
  });
});
