/**
 * What kind of network an IP address is on, for deciding where Fawn's own OAuth requests may go: `public`, or one
 * of the ranges that reach this machine or its private networks (loopback, private, link-local, where cloud
 * metadata services live, shared/CGNAT, unspecified) or nothing legitimate (multicast, reserved). IPv6 forms that
 * carry an IPv4 address (`::ffff:127.0.0.1`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, IPv4-compatible `::a.b.c.d`)
 * are judged by that IPv4 address.
 */
import net from "node:net";

export type AddressKind = "public" | "loopback" | "private" | "link-local" | "shared" | "unspecified" | "reserved";

/** How a refusal names each kind. */
export const KIND_LABEL: Record<Exclude<AddressKind, "public">, string> = {
  loopback: "a loopback address (this machine)",
  private: "a private-network address",
  "link-local": "a link-local address (where cloud metadata services answer)",
  shared: "a shared/CGNAT address (100.64.0.0/10)",
  unspecified: "an unspecified address (it reaches this machine)",
  reserved: "a multicast, broadcast or reserved address",
};

type V4Range = [base: number, bits: number, kind: AddressKind];

const V4_RANGES: V4Range[] = [
  [ip4("0.0.0.0"), 8, "unspecified"],
  [ip4("10.0.0.0"), 8, "private"],
  [ip4("100.64.0.0"), 10, "shared"],
  [ip4("127.0.0.0"), 8, "loopback"],
  [ip4("169.254.0.0"), 16, "link-local"],
  [ip4("172.16.0.0"), 12, "private"],
  [ip4("192.0.0.0"), 24, "reserved"],
  [ip4("192.0.2.0"), 24, "reserved"],
  [ip4("192.168.0.0"), 16, "private"],
  [ip4("198.18.0.0"), 15, "reserved"],
  [ip4("198.51.100.0"), 24, "reserved"],
  [ip4("203.0.113.0"), 24, "reserved"],
  [ip4("224.0.0.0"), 4, "reserved"],
  [ip4("240.0.0.0"), 4, "reserved"],
];

function ip4(dotted: string): number {
  return dotted.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function kindOfV4(value: number): AddressKind {
  for (const [base, bits, kind] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    if (value >= base && value < base + size) return kind;
  }
  return "public";
}

/** The 8 groups of an IPv6 address (a trailing dotted IPv4 part becomes two groups); null when it is not one. */
function groupsOfV6(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ip4(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const groups = [...head, ...new Array<number>(Math.max(fill, 0)).fill(0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function kindOfV6(g: number[]): AddressKind {
  const v4 = (hi: number, lo: number) => kindOfV4(hi * 0x10000 + lo);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return "unspecified";
  if (zeros(0, 7) && g[7] === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated but still routed by some stacks).
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return v4(g[6], g[7]);
  // NAT64 well-known prefix 64:ff9b::/96.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6], g[7]);
  // 6to4 2002:aabb:ccdd::/48 carries a.b.c.d.
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  if ((g[0] & 0xfe00) === 0xfc00) return "private";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  // Site-local (deprecated) fec0::/10 and multicast ff00::/8.
  if ((g[0] & 0xffc0) === 0xfec0) return "private";
  if ((g[0] & 0xff00) === 0xff00) return "reserved";
  // Documentation 2001:db8::/32.
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "reserved";
  return "public";
}

/** The kind of an IP address (IPv4 or IPv6, brackets allowed); throws for something that is not an IP address. */
export function addressKind(address: string): AddressKind {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const family = net.isIP(bare.split("%")[0]);
  if (family === 4) return kindOfV4(ip4(bare));
  if (family === 6) {
    const groups = groupsOfV6(bare);
    if (groups) return kindOfV6(groups);
  }
  throw new Error(`not an IP address: ${JSON.stringify(address)}`);
}
