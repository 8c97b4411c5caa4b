/**
 * The fetch Fawn's server uses for OAuth requests on behalf of one MCP server (discovery, client registration,
 * token exchange and refresh, revocation), passed to the MCP SDK's auth helpers as their `fetchFn`:
 *  - every connection obeys the EndpointPolicy: http(s) only, and the addresses are checked when the socket is
 *    opened (node:http's `lookup`), so a name that resolves to a public address when discovered and to 127.0.0.1
 *    when connected to is refused;
 *  - no redirect is followed here: a 3xx is returned as it is (the SDK follows same-origin ones itself, through
 *    this fetch again, each hop checked);
 *  - each request, body included, must finish within `timeoutMs`, and a response body larger than `maxBytes` is
 *    an error: a hostile authorization server can neither hang a sign-in (or every token refresh after it) nor
 *    fill memory.
 * Errors: a refusal is an OAuthEndpointRefusedError, a timeout or an oversized body an OAuthResponseError (both
 * plain Errors, so the SDK does not mistake them for a browser's CORS failure and try elsewhere); a network
 * failure is a TypeError, as with fetch.
 */
import http from "node:http";
import https from "node:https";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { EndpointPolicy, type EndpointPolicyOptions, OAuthEndpointRefusedError, shownUrl } from "./endpoint-policy";

export const OAUTH_FETCH_TIMEOUT_MS = 10_000;
/** Metadata documents and token responses are a few kilobytes; a quarter of a megabyte is plenty. */
export const OAUTH_MAX_RESPONSE_BYTES = 256 * 1024;

/** An OAuth response Fawn would not wait for or read: too slow or too large. */
export class OAuthResponseError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "OAuthResponseError";
  }
}

export interface GuardedFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/** The network options of one McpOAuth: where requests may go (the policy) and how long and large they may be. */
export interface OAuthNetworkOptions {
  policy?: EndpointPolicyOptions;
  fetch?: GuardedFetchOptions;
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

function kib(n: number): string {
  return n >= 1024 ? `${Math.round(n / 1024)} KiB` : `${n} bytes`;
}

/** A fetch for OAuth requests that obeys `policy`, follows no redirect and bounds time and size. */
export function guardedFetch(policy: EndpointPolicy, opts: GuardedFetchOptions = {}): FetchLike {
  const timeoutMs = opts.timeoutMs ?? OAUTH_FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? OAUTH_MAX_RESPONSE_BYTES;
  return async (input, init) => {
    // A Request normalises every body the SDK sends (URLSearchParams, JSON text) and its content type.
    const request = new Request(String(input instanceof URL ? input.href : input), init);
    const method = request.method.toUpperCase();
    const what = `the OAuth ${method} request to`;
    const url = await policy.check(request.url, what);
    const shown = shownUrl(url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body) headers["content-length"] = String(body.length);
    const signal = init?.signal ?? undefined;

    return new Promise<Response>((resolve, reject) => {
      let answered = false;
      let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
      let res: http.IncomingMessage | null = null;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const fail = (err: unknown) => {
        done();
        req.destroy();
        res?.destroy();
        if (!answered) {
          answered = true;
          reject(err);
        } else {
          try {
            stream?.error(err);
          } catch {
            // The body was already read to its end or cancelled.
          }
        }
      };
      const onAbort = () => fail(signal?.reason ?? new DOMException("This operation was aborted", "AbortError"));
      const timer = setTimeout(
        () => fail(new OAuthResponseError(`${shown} did not answer within ${timeoutMs / 1000}s`, url.href)),
        timeoutMs,
      );
      const transport = url.protocol === "https:" ? https : http;
      const req = transport.request(url, { method, headers, agent: false, lookup: policy.lookup(url, what) });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      req.on("error", (e) => {
        if (e instanceof OAuthEndpointRefusedError) fail(e);
        else fail(new TypeError(`${method} ${shown} failed: ${e.message}`, { cause: e }));
      });
      req.on("response", (r) => {
        res = r;
        const status = r.statusCode ?? 0;
        if (status < 200 || status > 599) {
          fail(new TypeError(`${method} ${shown} answered with HTTP status ${status}`));
          return;
        }
        const declared = Number(r.headers["content-length"]);
        const tooLarge = () =>
          new OAuthResponseError(`${shown} answered with more than ${kib(maxBytes)}: not read`, url.href);
        if (Number.isFinite(declared) && declared > maxBytes) {
          fail(tooLarge());
          return;
        }
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < r.rawHeaders.length; i += 2) {
          try {
            responseHeaders.append(r.rawHeaders[i], r.rawHeaders[i + 1]);
          } catch {
            // A header fetch would not accept either: dropped.
          }
        }
        let responseBody: ReadableStream<Uint8Array> | null = null;
        if (NULL_BODY_STATUS.has(status) || method === "HEAD") {
          r.resume();
          done();
        } else {
          let total = 0;
          responseBody = new ReadableStream<Uint8Array>({
            start(controller) {
              stream = controller;
              r.on("data", (chunk: Buffer) => {
                total += chunk.length;
                if (total > maxBytes) fail(tooLarge());
                else controller.enqueue(new Uint8Array(chunk));
              });
              r.on("end", () => {
                done();
                try {
                  controller.close();
                } catch {
                  // Already errored or cancelled.
                }
              });
              r.on("error", (e) => fail(new TypeError(`${method} ${shown} failed: ${e.message}`, { cause: e })));
            },
            cancel() {
              done();
              r.destroy();
            },
          });
        }
        const response = new Response(responseBody, { status, headers: responseHeaders });
        // The SDK names a redirect it did not follow relative to `response.url`.
        Object.defineProperty(response, "url", { value: url.href });
        answered = true;
        resolve(response);
      });
      req.end(body);
    });
  };
}

/** The policy and guarded fetch for OAuth requests on behalf of the MCP server at `serverUrl`. */
export function oauthNetworkFor(
  serverUrl: string,
  opts: OAuthNetworkOptions = {},
): { policy: EndpointPolicy; fetchFn: FetchLike } {
  const policy = new EndpointPolicy(serverUrl, opts.policy);
  return { policy, fetchFn: guardedFetch(policy, opts.fetch) };
}
