import type { Scored } from "./scored";
import type { ServerNumbers } from "./server-numbers";
import { nameTerms } from "./tokenize";

/**
 * The server a request names (the `named` technique). About half of all requests name the product they are
 * about ("…on Cloudflare", "in our Supabase project"), and the product is a server of the catalog; yet another
 * server's tool that holds more of the request's other words can outrank every tool of the named one ("the
 * edge function on Cloudflare": Supabase's get_edge_function over Cloudflare's worker tools). When a request
 * names exactly one server, the ranking's first `main` results are fused by reciprocal rank with that server's
 * own tools among the first `depth`, in their order there (see fuseNamedServer).
 *
 * A server is named when the request holds its name as the catalog spells it, case and separators ignored
 * ("Google Maps" and "googlemaps" name `googlemaps`, "Chrome DevTools" names `chrome_devtools`). A name's
 * packaging words go ("github-mcp" and "mcp-server-fetch" are named as "GitHub" and "fetch"). A name that other
 * servers' tools use more than its own server's do (by the index's words: `git` in GitHub's and GitLab's tools,
 * `time`, `fetch`) is a word of the trade rather than a product, and names nothing.
 */
export interface NamedServerUse {
  /** How many of the ranking's first results the named server's tools are taken from. */
  depth: number;
  /** How many of the ranking's first results are fused with them. */
  main: number;
  /** Reciprocal-rank constant: a result at rank r (from 0) counts 1 / (k + r + 1) in each list. */
  k: number;
  /** What the named server's list counts, relative to the ranking's. */
  weight: number;
  /** A tool of the named server counts only if its score is at least this share of the best one's. */
  minShare: number;
}

export const DEFAULT_NAMED_SERVER_USE: NamedServerUse = { depth: 50, main: 20, k: 5, weight: 1, minShare: 0.5 };

/** What the index says of a word: the documents holding it, ascending (undefined: no document does). */
export type DocsOf = (term: string) => Int32Array | undefined;

/** A request's words, lower-cased, split at anything that is not a letter or a digit. */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

/**
 * Words of a server's name that say it is an MCP server, not which product it serves ("github-mcp",
 * "mcp-server-fetch"): a request names the product.
 */
const PACKAGING = new Set(["mcp", "server"]);

/**
 * The product a server's name names: its parts as written, without the packaging words (all of them if nothing
 * else is left).
 */
function productOf(server: string): string[] {
  const all = server.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  const product = all.filter((w) => !PACKAGING.has(w.toLowerCase()));
  return product.length > 0 ? product : all;
}

/** Documents in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return Int32Array.from(out);
}

/** A catalog's servers by name, and which one a request names. */
export class NamedServers {
  /** Per tool, its server's number (-1: none). */
  readonly serverOf: Int32Array;
  private readonly servers: readonly string[];
  private readonly byKey = new Map<string, number>();
  /** Words in the longest server name (a request's runs of words are tried up to this long). */
  private readonly longest: number;
  /** Per server: 1 a word of the trade (names nothing), 0 a product, -1 not worked out yet. */
  private readonly generic: Int8Array;
  /** Per server: the keys it is named by (byKey's, for spelledBy), and the longest one's length. */
  private readonly keysOf: Array<Set<string>>;
  private readonly longestKeyOf: Int32Array;
  /** Per server: its name's words as tools' names hold them (nameWordsOf), made on first use. */
  private readonly nameWords: Array<ReadonlySet<string> | undefined> = [];
  /** The last text named() read and its answer: a search asks twice of the same text (its terms, then its ranking). */
  private lastText: string | null = null;
  private lastNamed = -1;

  /** `servers`: the catalog's servers by number (server-numbers.ts). `docsOf`: the index's documents per word. */
  constructor(
    servers: ServerNumbers,
    private readonly docsOf: DocsOf,
  ) {
    this.serverOf = servers.serverOf;
    this.servers = servers.names;
    servers.names.forEach((server, id) => {
      // The name as spelled and the product it names ("github-mcp": "githubmcp" and "github"), case and
      // separators gone. Two servers with one such key share it: the first one keeps it.
      for (const key of new Set([words(server).join(""), productOf(server).join("").toLowerCase()]))
        if (key && !this.byKey.has(key)) this.byKey.set(key, id);
    });
    this.longest = Math.max(0, ...this.servers.map((s) => words(s).length));
    this.generic = new Int8Array(this.servers.length).fill(-1);
    this.keysOf = this.servers.map(() => new Set<string>());
    this.longestKeyOf = new Int32Array(this.servers.length);
    this.byKey.forEach((id, key) => {
      this.keysOf[id]!.add(key);
      this.longestKeyOf[id] = Math.max(this.longestKeyOf[id]!, key.length);
    });
  }

  /**
   * Which of a request's typed words spell the server's name: each run of consecutive words whose letters and digits,
   * case gone, make one of the keys the server is named by ("PagerDuty", typed as pager + duty, or "pager duty").
   * `surfaces`: the typed words in order. Their positions, ascending.
   */
  spelledBy(id: number, surfaces: readonly string[]): number[] {
    const keys = this.keysOf[id]!;
    const longest = this.longestKeyOf[id]!;
    const squashed = surfaces.map((s) => words(s).join(""));
    const out = new Set<number>();
    for (let i = 0; i < squashed.length; i++) {
      let key = "";
      for (let n = 0; i + n < squashed.length; n++) {
        key += squashed[i + n];
        if (key.length > longest) break;
        if (keys.has(key)) for (let m = 0; m <= n; m++) out.add(i + m);
      }
    }
    return [...out].sort((a, b) => a - b);
  }

  /** A server's name, as the catalog writes it. */
  nameOf(id: number): string {
    return this.servers[id]!;
  }

  /** A server's name's words as tools' names hold them (nameTerms), made on first use. */
  nameWordsOf(id: number): ReadonlySet<string> {
    let set = this.nameWords[id];
    if (!set) {
      set = new Set(nameTerms(this.servers[id]!));
      this.nameWords[id] = set;
    }
    return set;
  }

  /** The one server the text names (-1: none, or more than one). */
  named(text: string): number {
    if (this.byKey.size < 2) return -1;
    if (text !== this.lastText) {
      this.lastNamed = this.namedOnce(text);
      this.lastText = text;
    }
    return this.lastNamed;
  }

  /** named() worked out. */
  private namedOnce(text: string): number {
    const w = words(text);
    let found = -1;
    for (let i = 0; i < w.length; i++) {
      let key = "";
      for (let n = 0; n < this.longest && i + n < w.length; n++) {
        key += w[i + n];
        const id = this.byKey.get(key);
        if (id === undefined || this.isGeneric(id)) continue;
        if (found >= 0 && found !== id) return -1;
        found = id;
      }
    }
    return found;
  }

  /**
   * Whether a word written as a host ("Chess.com") is a catalog server's name (`chesscom`), all its labels or its
   * first one ("Booking.com" for `booking`), and the server is a product, not a word of the trade.
   */
  namesServerHost(host: string): boolean {
    const labels = words(host);
    for (const key of [labels.join(""), labels[0] ?? ""]) {
      const id = this.byKey.get(key);
      if (id !== undefined && !this.isGeneric(id)) return true;
    }
    return false;
  }

  /** Whether other servers' tools hold every word of this server's product more often than its own tools do. */
  private isGeneric(id: number): boolean {
    if (this.generic[id]! < 0) {
      let docs: Int32Array | undefined;
      for (const term of nameTerms(productOf(this.servers[id]!).join(" "))) {
        const list = this.docsOf(term) ?? new Int32Array(0);
        docs = docs ? intersect(docs, list) : list;
      }
      let own = 0;
      let other = 0;
      for (const d of docs ?? []) {
        if (this.serverOf[d] === id) own++;
        else other++;
      }
      this.generic[id] = other > own ? 1 : 0;
    }
    return this.generic[id] === 1;
  }
}

/**
 * `ranked` (the ranking's first `use.depth` or more, best first) with the named server's tools lifted: the first
 * `use.main` results and the server's tools among all of them (each at least `use.minShare` of the best score)
 * fused by reciprocal rank, ties by name; then the rest in their order. A lifted tool's score becomes a hair above
 * the score of the result it now precedes, unless its own is higher, so scores still fall down the list and keep
 * the ranking's units (a share of the best still means what it meant). The first `limit`.
 */
export function fuseNamedServer<T extends Scored>(
  ranked: readonly T[],
  server: number,
  serverOf: Int32Array,
  use: NamedServerUse,
  limit: number,
): T[] {
  const best = ranked[0]?.score ?? 0;
  const fused = new Map<T, number>();
  const add = (r: T, share: number) => {
    fused.set(r, (fused.get(r) ?? 0) + share);
  };
  for (let rank = 0; rank < Math.min(use.main, ranked.length); rank++) add(ranked[rank]!, 1 / (use.k + rank + 1));
  let rank = 0;
  for (const r of ranked)
    if (serverOf[r.index] === server && r.score >= use.minShare * best) add(r, use.weight / (use.k + rank++ + 1));
  const order = [...fused].sort((a, b) => b[1] - a[1] || (a[0].name < b[0].name ? -1 : a[0].name > b[0].name ? 1 : 0));
  const out = [...order.map(([r]) => r), ...ranked.filter((r) => !fused.has(r))].slice(0, Math.max(0, limit));
  const scored = out.map((r) => ({ ...r }));
  for (let i = scored.length - 2; i >= 0; i--) {
    const below = scored[i + 1]!.score;
    if (scored[i]!.score <= below) scored[i]!.score = below + Math.max(1, Math.abs(below)) * 1e-9;
  }
  return scored;
}
