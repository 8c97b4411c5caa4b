import { configuredApiToken, tokenCookie, tokenMatches } from "@/lib/server/auth";
import { edgeRoute } from "@/lib/server/edge";
import { ApiError } from "@/lib/server/http";
import { publicOriginFromEnv } from "@/lib/server/public-url";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /auth?token=… — with FAWN_API_TOKEN set, opening this link once (it is printed by `npm start`)
 * stores the token in an HttpOnly cookie, so the browser UI can call the API; then it goes to the app.
 * It passes the edge like every route, without the token check it exists to satisfy. The cookie is Secure when
 * browsers come over https: the request's own scheme, or FAWN_PUBLIC_URL's behind a TLS-terminating proxy.
 */
export const GET = edgeRoute(
  async (_request, url) => {
    const token = configuredApiToken();
    if (!token) return Response.redirect(new URL("/", url), 303);
    // Compared as it is: a value that could not be a header (a newline in it) is simply not the token.
    const given = url.searchParams.get("token") ?? "";
    if (!given || !tokenMatches(given, token))
      throw new ApiError(401, "unauthorized", "The token in the link is missing or wrong");
    const secure = url.protocol === "https:" || publicOriginFromEnv()?.startsWith("https:") === true;
    return new Response(null, {
      status: 303,
      headers: { location: "/", "set-cookie": tokenCookie(given, secure), "cache-control": "no-store" },
    });
  },
  { auth: false },
);
