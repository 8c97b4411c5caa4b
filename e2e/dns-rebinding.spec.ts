/**
 * DNS rebinding, as an attacker does it: a page served from evil.example, whose name then resolves to 127.0.0.1,
 * is same-origin with Fawn and may POST JSON without a preflight. Chromium resolves evil.example to loopback here
 * (--host-resolver-rules); the attacker's page itself is served by a route, as their own server would before the
 * rebind. Every request its script makes reaches the real Fawn server with Host: evil.example:PORT.
 */
import { expect, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, PORT } from "../playwright.config";

const EVIL = `http://evil.example:${PORT}`;

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      "--host-resolver-rules=MAP evil.example 127.0.0.1",
      // Chromium's own local-network checks would stop the attacker's script before it reaches Fawn; browsers
      // without them (and older Chromium) let it through, and Fawn must refuse it by itself.
      "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults",
    ],
  },
});

interface Attempt {
  status: number;
  body: string;
}

test("a rebound page cannot create a thread or run a command, and Fawn's pages refuse the foreign Host", async ({
  page,
  request,
}) => {
  // Fawn's own page under the attacker's name: refused before anything renders.
  const direct = await page.goto(`${EVIL}/`);
  expect(direct?.status()).toBe(403);
  const refusal = JSON.parse((await direct?.text()) ?? "{}") as { error?: { message?: string } };
  expect(refusal.error?.message).toMatch(/^Host header "evil\.example:\d+" is not allowed/);

  // The attacker's page, then its script against the same origin (now resolving to Fawn).
  await page.route(`${EVIL}/attack.html`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>cute cats</title>" }),
  );
  await page.goto(`${EVIL}/attack.html`);
  const before = (await (await request.post("/api/langgraph/threads/search", { data: { limit: 1000 } })).json()) as [];

  const attempts = await page.evaluate(async (): Promise<Attempt[]> => {
    const post = async (path: string, body: unknown): Promise<Attempt> => {
      const res = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    };
    const created = await post("/api/langgraph/threads", {});
    const run = await post("/api/langgraph/threads/00000000-0000-4000-8000-000000000000/runs/stream", {
      assistant_id: "lead_agent",
      input: { messages: [{ type: "human", content: 'bash {"command":"id; hostname"}' }] },
    });
    const tools = await fetch("/api/tools");
    return [created, run, { status: tools.status, body: await tools.text() }];
  });

  for (const attempt of attempts) {
    expect(attempt.status).toBe(403);
    expect(attempt.body).toContain('Host header \\"evil.example');
    expect(attempt.body).not.toContain("uid=");
  }
  const after = (await (await request.post("/api/langgraph/threads/search", { data: { limit: 1000 } })).json()) as [];
  expect(after.length).toBe(before.length);
});

test("a prefetch is checked like any page request: a foreign Host is refused, Fawn's own gets its CSP", async ({
  request,
}) => {
  // A page's script may set these headers, and Chromium sends `purpose: prefetch` for <link rel=prefetch>.
  const prefetches: Array<Record<string, string>> = [{ purpose: "prefetch" }, { "next-router-prefetch": "1" }];
  for (const headers of prefetches) {
    const foreign = await request.get("/", { headers: { ...headers, host: `evil.example:${PORT}` } });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toContain('Host header \\"evil.example');
    const own = await request.get("/", { headers });
    expect(own.status()).toBe(200);
    expect(own.headers()["content-security-policy"]).toMatch(/script-src[^;]*'nonce-/);
  }
});
