import { describe, expect, it } from "vitest";
import { refusalGuard, TokenRefusedError } from "./refusal-guard";

/** A server at the network boundary answering each request with the next scripted status, recording tokens seen. */
function scripted(statuses: number[]) {
  const seen: Array<string | null> = [];
  const fetch = async (_url: string | URL, init?: RequestInit) => {
    seen.push(new Headers(init?.headers).get("authorization"));
    const status = statuses.shift();
    if (status === undefined) throw new Error("no more scripted answers");
    return new Response(status === 200 ? "ok" : "no", { status });
  };
  return { fetch, seen };
}
const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } });
const URL_ = "http://127.0.0.1:9/sse";

describe("refusalGuard", () => {
  it("stops at a 401 for a new token right after a 401 for the previous one", async () => {
    const { fetch, seen } = scripted([401, 401]);
    let told = 0;
    const guarded = refusalGuard("legacy", () => told++, fetch);
    expect((await guarded(URL_, bearer("old"))).status).toBe(401);
    const err = await guarded(URL_, bearer("fresh")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenRefusedError);
    expect((err as Error).message).toMatch(/^"legacy" refused a token it had just been issued/);
    expect(seen).toEqual(["Bearer old", "Bearer fresh"]);
    expect(told).toBe(1);
  });

  it("lets through 401s for the same token (requests sent before the refresh) and any 401 after an accepted one", async () => {
    const { fetch } = scripted([401, 401, 200, 401, 200]);
    const guarded = refusalGuard("legacy", undefined, fetch);
    expect((await guarded(URL_, bearer("old"))).status).toBe(401);
    expect((await guarded(URL_, bearer("old"))).status).toBe(401);
    expect((await guarded(URL_, bearer("fresh"))).status).toBe(200);
    // Expired later on: refreshing is right again.
    expect((await guarded(URL_, bearer("fresh"))).status).toBe(401);
    expect((await guarded(URL_, bearer("newer"))).status).toBe(200);
  });

  it("does not count requests without a bearer token (discovery, the token endpoint, a first unsigned try)", async () => {
    const { fetch } = scripted([401, 401, 401, 200]);
    const guarded = refusalGuard("legacy", undefined, fetch);
    expect((await guarded(URL_, {})).status).toBe(401);
    expect((await guarded(URL_, bearer("a"))).status).toBe(401);
    expect((await guarded(URL_, { headers: { authorization: "Basic abc" } })).status).toBe(401);
    expect((await guarded(URL_, undefined)).status).toBe(200);
  });
});
