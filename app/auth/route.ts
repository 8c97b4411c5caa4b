import { configuredApiToken, isAuthorized, tokenCookie } from "@/lib/server/auth";
import { jsonError } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /auth?token=… — with FAWN_API_TOKEN set, opening this link once (it is printed by `npm start`)
 * stores the token in an HttpOnly cookie, so the browser UI can call the API; then it goes to the app.
 */
export async function GET(request: Request): Promise<Response> {
  const token = configuredApiToken();
  if (!token) return Response.redirect(new URL("/", request.url), 303);
  const given = new URL(request.url).searchParams.get("token") ?? "";
  const probe = new Request(request.url, { headers: { authorization: `Bearer ${given}` } });
  if (!given || !isAuthorized(probe, token))
    return jsonError(401, "unauthorized", "The token in the link is missing or wrong");
  return new Response(null, {
    status: 303,
    headers: { location: "/", "set-cookie": tokenCookie(given), "cache-control": "no-store" },
  });
}
