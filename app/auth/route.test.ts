import { afterEach, describe, expect, it } from "vitest";
import { requireAuth } from "@/lib/server/auth";
import { GET } from "./route";

describe("/auth and the token cookie", () => {
  afterEach(() => {
    delete process.env.FAWN_API_TOKEN;
  });

  it("sets an HttpOnly, SameSite=Strict cookie for the right token, which then authorises API calls", async () => {
    process.env.FAWN_API_TOKEN = "s3cret token";
    const res = await GET(new Request("http://127.0.0.1:3000/auth?token=s3cret%20token"));
    expect(res.status).toBe(303);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^fawn_token=s3cret%20token; Path=\/; HttpOnly; SameSite=Strict/);
    const api = new Request("http://127.0.0.1:3000/api/tools", {
      headers: { cookie: `other=1; ${cookie.split(";")[0]}` },
    });
    expect(requireAuth(api)).toBeNull();
    expect(requireAuth(new Request("http://127.0.0.1:3000/api/tools"))?.status).toBe(401);
    expect(
      requireAuth(new Request("http://127.0.0.1:3000/api/tools", { headers: { cookie: "fawn_token=wrong" } }))?.status,
    ).toBe(401);
  });

  it("refuses a wrong token and needs nothing when no token is configured", async () => {
    process.env.FAWN_API_TOKEN = "abc";
    expect((await GET(new Request("http://127.0.0.1:3000/auth?token=nope"))).status).toBe(401);
    delete process.env.FAWN_API_TOKEN;
    expect((await GET(new Request("http://127.0.0.1:3000/auth"))).status).toBe(303);
  });
});
