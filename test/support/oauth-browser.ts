/**
 * What a browser does between Fawn's "Sign in" and its callback, against the OAuth fixture
 * (servers/fixtures/oauth): open the authorization URL, press Approve (or Deny) on the consent page, and hand
 * back the URL the authorization server redirects to (Fawn's callback, with `code` and `state`).
 */
export async function approveInBrowser(authorizationUrl: string, decision: "approve" | "deny" = "approve") {
  const page = await fetch(authorizationUrl, { redirect: "manual" });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorization page: HTTP ${page.status}: ${html.slice(0, 300)}`);
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!request) throw new Error(`no consent form on the authorization page: ${html.slice(0, 300)}`);
  const consent = await fetch(new URL("/consent", authorizationUrl), {
    method: "POST",
    body: new URLSearchParams({ request, decision }),
    redirect: "manual",
  });
  const location = consent.headers.get("location");
  if (consent.status !== 302 || !location) throw new Error(`consent: HTTP ${consent.status}, no redirect`);
  return new URL(location);
}
