/**
 * Where Fawn's own OAuth requests for one MCP server may go. The URLs come from documents the MCP server and its
 * authorization server wrote (protected-resource metadata, authorization-server metadata), so a hostile server
 * could name 127.0.0.1, 169.254.169.254 or an intranet host and have Fawn's server send requests there. The rule:
 *  - only http: and https: URLs, without user:password@;
 *  - every address the host resolves to must be public, or of a kind the MCP server's own address is of: a
 *    server on 127.0.0.1 (a local dev server) may have its authorization server on localhost too, one on the
 *    intranet an intranet authorization server, but a public server may not point Fawn at either, and an
 *    intranet one may not point it at this machine or at the cloud metadata service.
 * The check runs when a URL is discovered (`check`, naming the document and field) and again when the connection
 * is made (`lookup`, for node:http), so a host that resolves differently the second time (DNS rebinding) is caught.
 */
import dns from "node:dns";
import net from "node:net";
import { type AddressKind, addressKind, KIND_LABEL } from "./address-kind";

/** Fawn refused to send an OAuth request to a URL; the message names where the URL came from and why. */
export class OAuthEndpointRefusedError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "OAuthEndpointRefusedError";
  }
}

export type ResolvedAddress = { address: string; family: number };
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface EndpointPolicyOptions {
  /** Host name → addresses; default the system resolver (dns.lookup, all addresses). */
  resolve?: Resolve;
  /** Address → kind; default `addressKind`. Tests use it to play a public server on a loopback address. */
  kindOf?: (address: string) => AddressKind;
}

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A URL as an error message shows it: no user:password@, no query or fragment, at most 200 characters. */
export function shownUrl(url: URL | string): string {
  let text: string;
  try {
    const u = new URL(String(url));
    u.username = "";
    u.password = "";
    u.search = "";
    u.hash = "";
    text = u.href;
  } catch {
    text = String(url);
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * `url` parsed when it is http: or https: without a user name or password in it, else an OAuthEndpointRefusedError
 * naming `what` and the URL, ended by `why` (what the refusal protects: a request of Fawn's, the browser).
 */
export function httpUrlOnly(url: URL | string, what: string, why: { scheme: string; credentials: string }): URL {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new OAuthEndpointRefusedError(`${what} is not a URL: ${JSON.stringify(shownUrl(url))}`, String(url));
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new OAuthEndpointRefusedError(
      `${what} ${shownUrl(parsed)} uses ${parsed.protocol} ${why.scheme}`,
      parsed.href,
    );
  if (parsed.username || parsed.password)
    throw new OAuthEndpointRefusedError(
      `${what} ${shownUrl(parsed)} carries a user name or password${why.credentials}`,
      parsed.href,
    );
  return parsed;
}

/** The host of a URL as the resolver and net.isIP want it (IPv6 without brackets). */
function bareHost(url: URL): string {
  const h = url.hostname;
  return h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

export class EndpointPolicy {
  readonly serverUrl: string;
  private readonly resolve: Resolve;
  private readonly kindOf: (address: string) => AddressKind;
  private serverKindsPromise: Promise<Set<AddressKind>> | null = null;

  constructor(serverUrl: string, opts: EndpointPolicyOptions = {}) {
    this.serverUrl = serverUrl;
    this.resolve = opts.resolve ?? systemResolve;
    this.kindOf = opts.kindOf ?? addressKind;
  }

  /** The kinds of address the MCP server itself is on (what its endpoints may share); none when it does not resolve. */
  serverKinds(): Promise<Set<AddressKind>> {
    this.serverKindsPromise ??= (async () => {
      try {
        const host = bareHost(new URL(this.serverUrl));
        const addresses = net.isIP(host) ? [host] : (await this.resolve(host)).map((a) => a.address);
        return new Set(addresses.map((a) => this.kindOf(a)));
      } catch {
        return new Set<AddressKind>();
      }
    })();
    return this.serverKindsPromise;
  }

  /** Parse `url` and refuse anything but http(s) without credentials. `what` names the document and field. */
  checkScheme(url: URL | string, what: string): URL {
    return httpUrlOnly(url, what, {
      scheme: "(Fawn sends OAuth requests over http: and https: only)",
      credentials: " in the URL: refused",
    });
  }

  /** Refuse `address` (which `url`'s host is, or resolves to) unless it is public or of the MCP server's kind. */
  async checkAddress(url: URL, address: string, what: string): Promise<void> {
    const kind = this.kindOf(address);
    if (kind === "public") return;
    if ((await this.serverKinds()).has(kind)) return;
    const host = bareHost(url);
    const where = host === address ? `${host} is` : `${host} resolves to ${address},`;
    throw new OAuthEndpointRefusedError(
      `${what} ${shownUrl(url)} is refused: ${where} ${KIND_LABEL[kind]}, and the MCP server ${shownUrl(this.serverUrl)} ` +
        "is not on such an address (an OAuth endpoint may only be on this machine or a private network when the MCP server is too)",
      url.href,
    );
  }

  /** The whole check for a URL Fawn is about to request: scheme, and every address its host resolves to. */
  async check(url: URL | string, what: string): Promise<URL> {
    const parsed = this.checkScheme(url, what);
    const host = bareHost(parsed);
    if (net.isIP(host)) {
      await this.checkAddress(parsed, host, what);
      return parsed;
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolve(host);
    } catch (e) {
      // Not a refusal: the request would fail the same way, and the caller says so.
      throw new TypeError(`${what} ${shownUrl(parsed)}: cannot resolve ${host} (${(e as Error).message})`, {
        cause: e,
      });
    }
    for (const a of addresses) await this.checkAddress(parsed, a.address, what);
    return parsed;
  }

  /**
   * A `lookup` for node:http(s) requests to `url`: resolves the host, refuses the connection when any address is
   * refused (so a host cannot be public when checked and private when connected to), else hands them on.
   */
  lookup(url: URL, what: string): net.LookupFunction {
    return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      this.resolve(hostname)
        .then(async (all) => {
          const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
          const addresses = wanted ? all.filter((a) => a.family === wanted) : all;
          if (addresses.length === 0)
            throw Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" });
          for (const a of addresses) await this.checkAddress(url, a.address, what);
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0].address, addresses[0].family);
        })
        .catch((e: unknown) => callback(e));
    }) as net.LookupFunction;
  }
}
