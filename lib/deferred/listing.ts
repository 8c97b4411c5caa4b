import type { ListingMode, ListingSetting } from "@/lib/contracts/inventory";
import { countTokens } from "@/lib/tokens";
import type { ToolCatalog } from "./catalog";
import { deferredToolsPromptSection, type ServerLine, serverListingPromptSection } from "./prompt";

/** How the prompt lists deferred tools: every name, one line per server, or whichever fits (auto). */
export type { ListingMode, ListingSetting };

export interface DeferredListing {
  mode: ListingMode;
  setting: ListingSetting;
  /** The section as it goes into the system prompt. */
  section: string;
  tokens: number;
  /** Why this mode, for the panel. */
  reason: string;
  /** Servers left out of the listing to stay within the limit. */
  omitted: number;
}

export interface ListingOptions {
  setting: ListingSetting;
  /** auto lists names while they cost at most this; the server listing is kept within it too. */
  maxTokens: number;
  /** Each server's own description (extensions_config.json), when it has one. */
  descriptions?: ReadonlyMap<string, string>;
}

// Words that say little about what a server is for: they are in nearly every tool name.
const GENERIC = new Set(
  "a an and the of to for in on by with from all new get list create update delete set add remove".split(" "),
);
const SUMMARY_WORDS = 8;
const SUMMARY_CHARS = 120;

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !/^\d+$/.exec(w));
}

/** The words that recur most in a server's tool names (not its own name), most frequent first. */
export function summaryFromNames(server: string, names: readonly string[], max = SUMMARY_WORDS): string {
  const own = new Set(words(server));
  const counts = new Map<string, number>();
  for (const n of names)
    for (const w of new Set(words(n))) if (!own.has(w) && !GENERIC.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  // Insertion order is first appearance, and the sort is stable: ties keep it.
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([w]) => w)
    .join(", ");
}

/** The first sentence of a description, cut to one short line. */
function firstSentence(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  const end = /[.!?](\s|$)/.exec(one);
  const s = end ? one.slice(0, end.index) : one;
  return s.length > SUMMARY_CHARS ? `${s.slice(0, SUMMARY_CHARS - 1)}…` : s;
}

/** One line per server, biggest first (then by name): its description, else what its tool names say. */
export function serverLines(catalog: ToolCatalog, descriptions?: ReadonlyMap<string, string>): ServerLine[] {
  return catalog
    .servers()
    .map(({ name, tools }) => {
      const own = descriptions?.get(name)?.trim();
      const summary = own
        ? firstSentence(own)
        : summaryFromNames(
            name,
            tools.map((t) => t.name),
          );
      return { name: name || "(no server)", tools: tools.length, summary };
    })
    .sort((a, b) => b.tools - a.tools || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The server listing within `maxTokens`: with summaries if they fit, else shorter ones, else none,
 * else only the biggest servers and a count of the rest.
 */
function fitServerListing(lines: ServerLine[], total: number, maxTokens: number) {
  const cost = countTokens;
  const short = (n: number) => lines.map((l) => ({ ...l, summary: l.summary.split(", ").slice(0, n).join(", ") }));
  for (const variant of [lines, short(3), lines.map((l) => ({ ...l, summary: "" }))]) {
    const section = serverListingPromptSection(variant, total);
    const tokens = cost(section);
    if (tokens <= maxTokens) return { section, tokens, omitted: 0 };
  }
  const bare = lines.map((l) => ({ ...l, summary: "" }));
  let lo = 0;
  let hi = bare.length;
  // The most servers whose bare listing (plus the "and N more" line) still fits.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(serverListingPromptSection(bare.slice(0, mid), total, bare.length - mid)) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  const section = serverListingPromptSection(bare.slice(0, lo), total, bare.length - lo);
  return { section, tokens: cost(section), omitted: bare.length - lo };
}

/** Decide how the prompt lists the catalog's tools, and render that section. */
export function buildListing(catalog: ToolCatalog, opts: ListingOptions): DeferredListing {
  const names = deferredToolsPromptSection(catalog.names);
  if (opts.setting !== "servers") {
    const tokens = countTokens(names);
    if (opts.setting === "names")
      return { mode: "names", setting: "names", section: names, tokens, reason: "listing: names", omitted: 0 };
    if (tokens <= opts.maxTokens)
      return {
        mode: "names",
        setting: "auto",
        section: names,
        tokens,
        reason: `auto: ${catalog.names.size} names fit in ${opts.maxTokens} tokens`,
        omitted: 0,
      };
  }
  const fitted = fitServerListing(serverLines(catalog, opts.descriptions), catalog.names.size, opts.maxTokens);
  const reason =
    opts.setting === "servers"
      ? "listing: servers"
      : `auto: ${catalog.names.size} names would cost more than ${opts.maxTokens} tokens`;
  return { mode: "servers", setting: opts.setting, ...fitted, reason };
}
