/**
 * Next's proxy (the renamed middleware) runs before routing, for every path: it applies the edge's Host and
 * Origin checks to pages too, refuses a path that is not valid percent-encoding before Next's router trips on
 * it, and gives each page a Content Security Policy with a fresh script nonce. Route handlers still pass
 * lib/server/edge, which applies the same checks for callers that never go through Next.
 */
import { type NextRequest, NextResponse } from "next/server";
import { ApiError, jsonError } from "@/lib/server/http";
import { checkRequestSource, sourcePolicyFromEnv } from "@/lib/server/request-source";
import { contentSecurityPolicy } from "@/lib/server/csp";

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function refusal(request: NextRequest): ApiError | null {
  try {
    return checkRequestSource(request, sourcePolicyFromEnv());
  } catch (e) {
    // A malformed FAWN_PUBLIC_URL: the same 500 naming it that the API routes answer.
    if (e instanceof ApiError) return e;
    throw e;
  }
}

export function proxy(request: NextRequest): Response {
  const refused = refusal(request);
  if (refused) return jsonError(refused.status, refused.code, refused.message);
  const { pathname } = request.nextUrl;
  if (!decodable(pathname)) {
    return jsonError(
      400,
      "invalid_path",
      `Path ${JSON.stringify(pathname.slice(0, 200))} is not valid percent-encoding`,
    );
  }
  if (pathname.startsWith("/api/") || pathname === "/auth") return NextResponse.next();
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

// /api/files is left to the edge alone: a proxy buffers request bodies (up to 10 MB by default), and uploads
// are larger and must reach their route as a stream. Prefetches are not left out (as Next's CSP example does to
// save a nonce): their headers are a page script's to set, so skipping them skipped the Host check too.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon|api/files/).*)"],
};
