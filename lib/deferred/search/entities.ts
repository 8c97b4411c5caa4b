import mimeDb from "mime-db/db.json";
import type { QueryTerm } from "./expand";
import { TYPOGRAPHIC_QUOTES, terms } from "./tokenize";

/**
 * Entity typing: concrete things a request names — a file (`report.csv`, `~/notes/todo.txt`), a web address, an
 * email address, a chat channel (`#general`), a host and port (`localhost:5432`), a city that names a time zone
 * (`Auckland`: a time zone and a location) — say what kind of tool the request needs even when none of its words do
 * ("how big is report.csv" wants file information). So do values written in a standard notation: a container image reference
 * (`nginx:1.27-alpine`), a commit hash (`3f9c2e1`), a spreadsheet range (`A1:F40`) or formula (`=SUM(B2:C2)`), an
 * amount of money (`$40`), an IPv4 address (`203.0.113.7`), a cron schedule (`0 9 * * 1-5`). Each kind found adds
 * one query term of the words tools use for that kind ("file", "url"…). What counts as a file extension comes from
 * mime-db (the MIME registry `mime-types` reads), and which cities name a time zone from the runtime's ICU data (the
 * IANA database); the only hand-written parts are the short list of kinds below, eleven host endings, the street
 * words, the notations' patterns and five currency codes, none aimed at any query.
 */

export interface EntityUse {
  /** Weight of an entity kind's words, as an expansion's weight (a typed word weighs 1). */
  weight: number;
}

/** A kind's words weigh as much as a typed word (0.3–1.5 tried on the dev sets: 1 or more gained most). */
export const DEFAULT_ENTITY_USE: EntityUse = { weight: 2 };

/** A kind of entity and the words tools use for it. */
interface EntityKind {
  kind: string;
  words: string[];
}

const FILE: EntityKind = { kind: "file", words: ["file"] };
const PATH: EntityKind = { kind: "path", words: ["file", "path"] };
const URL_KIND: EntityKind = { kind: "url", words: ["url"] };
const EMAIL: EntityKind = { kind: "email", words: ["email"] };
const CHANNEL: EntityKind = { kind: "channel", words: ["channel"] };
const PORT: EntityKind = { kind: "port", words: ["port"] };
const ADDRESS: EntityKind = { kind: "street address", words: ["address"] };
const COORDINATES: EntityKind = { kind: "coordinates", words: ["coordinates", "latitude"] };
/** A city is a place as much as a time zone: its words are the time tools' and the map and weather tools'. */
const CITY: EntityKind = { kind: "city", words: ["timezone", "time zone", "location"] };
const IMAGE: EntityKind = { kind: "image", words: ["image"] };
const COMMIT: EntityKind = { kind: "commit", words: ["commit"] };
const CELLS: EntityKind = { kind: "cells", words: ["range", "cell"] };
const FORMULA: EntityKind = { kind: "formula", words: ["formula"] };
const MONEY: EntityKind = { kind: "money", words: ["amount", "price"] };
const IP: EntityKind = { kind: "ip address", words: ["ip"] };
const CRON: EntityKind = { kind: "cron", words: ["cron", "schedule"] };

/** Kinds in the order their terms are added (whatever order the text names them in). */
const ORDER = [
  FILE,
  PATH,
  URL_KIND,
  EMAIL,
  CHANNEL,
  PORT,
  ADDRESS,
  COORDINATES,
  CITY,
  IMAGE,
  COMMIT,
  CELLS,
  FORMULA,
  MONEY,
  IP,
  CRON,
];

let extensions: Set<string> | null = null;
/** Every file extension the MIME registry knows (1,200+), lower case. */
function fileExtensions(): Set<string> {
  if (!extensions) {
    extensions = new Set();
    for (const entry of Object.values(mimeDb as Record<string, { extensions?: string[] }>))
      for (const e of entry.extensions ?? []) extensions.add(e);
  }
  return extensions;
}

let zoneCities: Set<string> | null = null;
/** Last parts of the IANA zone names the runtime knows ("Auckland", "New York"), lower case. */
function timeZoneCities(): Set<string> {
  if (!zoneCities) {
    zoneCities = new Set();
    const zones = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone");
    for (const z of zones ?? []) {
      const city = z.split("/").pop()!.replace(/_/g, " ").toLowerCase();
      if (city.length >= 4 && !/^(gmt|utc|etc)/.test(city)) zoneCities.add(city);
    }
  }
  return zoneCities;
}

/** Top-level domains the MIME registry also lists as extensions: such a dotted word is a host, not a file. */
const HOST_ENDINGS = new Set(["com", "org", "net", "io", "dev", "app", "ai", "co", "me", "edu", "gov"]);

const SCHEME = /^(?:https?|ftp|wss?):\/\/|^www\./i;
const EMAIL_ADDRESS = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const CHANNEL_NAME = /^#[a-z][\w-]*$/i;
const HOST_PORT = /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|[a-z][\w-]*(?:\.[\w-]+)+):\d{2,5}(?:\/|$)/i;
const PATH_START = /^(?:~\/|\.{1,2}\/|\/[\w.-]+\/)/;
/** The last dot-separated part of a word: `csv` in `report.csv`, `com` in `api.example.com`. */
const ENDING = /^[\w@-][\w@.-]*\.([a-z0-9]{1,6})$/i;

/** A house number, one to three words, then a street word: "221B Baker Street", "1 Market St". */
const STREET_ADDRESS =
  /\b\d+[a-z]?\s+(?:[A-Z][\w.'-]*\s+){1,3}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|place|pl|square|sq)\b/i;
/** A latitude, longitude pair with at least three decimals each: "40.7484, -73.9857". */
const LAT_LNG = /(?:^|[\s(])-?\d{1,2}\.\d{3,}\s*,\s*-?\d{1,3}\.\d{3,}\b/;

/** A character every file, path, address, channel or port holds. */
const THING_MARK = /[./@#:~]/;

/**
 * A container image: `[registry/][path/]name:tag`, the tag `latest` or a version. A bare `name:18` is left out: it
 * is written as a key (`session:42`) as often as an image, so an image needs a path, `latest`, or a tag with a dot
 * or a dash (`node:20-alpine`, `nginx:1.27`).
 */
const IMAGE_REF =
  /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?\/)?[a-z][\w.-]*(?:\/[a-z0-9][\w.-]*)*:(?:latest|v?\d+(?:\.\d+)*(?:-[\w.]+)?)$/;
const IMAGE_MARK = /\/|:(?:latest$|.*[.-])/;
/** A commit hash, short or full: 7–40 hex digits with at least one digit and one letter. */
const HEX_HASH = /^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}$/;
/** A spreadsheet range, its sheet optional: `A1:F40`, `Budget!$B$2:$C$9`. */
const CELL_RANGE = /^(?:[^!\s]+!)?\$?[A-Z]{1,3}\$?\d{1,7}:\$?[A-Z]{1,3}\$?\d{1,7}$/;
/** An IPv4 address, or a block of them: `203.0.113.7`, `10.0.0.0/24`. */
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?$/;
/** A price written with a currency sign: `$40`, `€1,200.50`, `$29/month`. */
const PRICE = /^[$€£¥]\d[\d,]*(?:\.\d+)?(?:\/\w+)?$/;
/** An amount with its currency after it (`49 USD`, `12.50 EUR`), or a sign and a space (`$ 40`); in the whole text. */
const AMOUNT = /[$€£¥]\s\d|\b\d+(?:\.\d+)?\s?(?:USD|EUR|GBP|JPY|CNY)\b/;
/** A spreadsheet formula: `=` and a function name, then `(`; in the whole text (the word parts break at "(" and ","). */
const FORMULA_START = /(?:^|\s)=[A-Z][A-Z0-9.]*\(/;
/** Five cron fields (`0 9 * * 1-5`, `30 2 * * *`, steps too); in the whole text. */
const CRON_FIELDS = /(?:^|\s)[\d*][\d*/,-]*(?:\s+[\d*][\d*/,-]*){4}(?=\s|$)/;

/** A character every such value holds (a digit, a colon or a currency sign); most words hold none. */
const VALUE_MARK = /[\d:$€£¥]/;

/** The kind of a value written in a standard notation, by its shape alone; each test is anchored (linear time). */
function valueKindOf(word: string): EntityKind | null {
  if (!VALUE_MARK.test(word)) return null;
  if (IPV4.test(word)) return IP;
  if (PRICE.test(word)) return MONEY;
  if (CELL_RANGE.test(word)) return CELLS;
  if (HEX_HASH.test(word)) return COMMIT;
  if (IMAGE_REF.test(word) && IMAGE_MARK.test(word) && !HOST_PORT.test(word)) return IMAGE;
  return null;
}

/** The kind of one whitespace-separated word, if it names a thing; each test is anchored (linear time). */
function kindOf(word: string, isServerHost: (host: string) => boolean): EntityKind | null {
  if (SCHEME.test(word)) return URL_KIND;
  if (EMAIL_ADDRESS.test(word)) return EMAIL;
  if (CHANNEL_NAME.test(word)) return CHANNEL;
  if (HOST_PORT.test(word)) return PORT;
  const [host] = word.split("/", 1);
  const hostEnding = host ? ENDING.exec(host)?.[1]?.toLowerCase() : undefined;
  if (hostEnding && HOST_ENDINGS.has(hostEnding) && !PATH_START.test(word))
    // A product named by its host ("on Chess.com") is the product, not an address to fetch.
    return host === word && isServerHost(host) ? null : URL_KIND;
  const last = word.slice(word.lastIndexOf("/") + 1);
  const ending = ENDING.exec(last)?.[1]?.toLowerCase();
  if (ending && fileExtensions().has(ending) && !HOST_ENDINGS.has(ending)) return FILE;
  return PATH_START.test(word) ? PATH : null;
}

/** What parts a request into words here: spaces, ASCII and typographic quotes (and « »), brackets, commas. */
const WORD_BREAKS = new RegExp(`[\\s"'\`(),;\\u00ab\\u00bb${TYPOGRAPHIC_QUOTES}]+`);

/** The entity kinds a request names, at most one term each. */
export function entityKinds(text: string, isServerHost: (host: string) => boolean = () => false): string[] {
  const found = new Set<EntityKind>();
  for (const raw of text.split(WORD_BREAKS)) {
    // A sentence's own punctuation is not part of the word: "see report.csv." / "in #general:".
    const word = raw.replace(/[.:!?*\u2026]+$/, "");
    if (word.length < 2) continue;
    const value = valueKindOf(word);
    if (value) {
      found.add(value);
      continue;
    }
    // Every other kind a word can be holds one of these; most words hold none.
    if (!THING_MARK.test(word)) continue;
    const kind = kindOf(word, isServerHost);
    if (kind) found.add(kind);
    // A path to a file names both.
    if (kind === FILE && PATH_START.test(word)) found.add(PATH);
  }
  if (STREET_ADDRESS.test(text)) found.add(ADDRESS);
  if (LAT_LNG.test(text)) found.add(COORDINATES);
  if (namesZoneCity(text)) found.add(CITY);
  if (AMOUNT.test(text)) found.add(MONEY);
  if (FORMULA_START.test(text)) found.add(FORMULA);
  if (CRON_FIELDS.test(text)) found.add(CRON);
  return ORDER.filter((k) => found.has(k)).map((k) => k.kind);
}

/**
 * Whether the text names a city of the IANA time zones, written as a name: every word capitalised ("Auckland",
 * "New York"), and a one-word name not the sentence's first word, so "wake", "center" or "Canary deploys" do
 * not count.
 */
function namesZoneCity(text: string): boolean {
  const cities = timeZoneCities();
  // Words with whether each opens a sentence (the first, or the first after . ! ? or :).
  const words: Array<{ word: string; opens: boolean }> = [];
  let opens = true;
  for (const m of text.matchAll(/[\p{L}\p{N}-]+|[.!?:]/gu)) {
    const token = m[0];
    if (token.length === 1 && ".!?:".includes(token)) {
      opens = true;
      continue;
    }
    words.push({ word: token, opens });
    opens = false;
  }
  for (let i = 0; i < words.length; i++) {
    let span = "";
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const { word } = words[i + n - 1]!;
      if (!/^\p{Lu}/u.test(word)) break;
      span = n === 1 ? word.toLowerCase() : `${span} ${word.toLowerCase()}`;
      if (n === 1 && words[i]!.opens) continue;
      if (cities.has(span)) return true;
    }
  }
  return false;
}

/** Each kind's words as index terms ("time zone" → time, zone), made once. */
const KIND_TERMS = new Map(ORDER.map((k) => [k.kind, k.words.map((w) => terms(w))]));

/** One query term per entity kind the text names; a tool scores through the kind's best word. */
export function entityTerms(
  text: string,
  use: EntityUse = DEFAULT_ENTITY_USE,
  isServerHost: (host: string) => boolean = () => false,
): QueryTerm[] {
  if (use.weight <= 0) return [];
  return entityKinds(text, isServerHost).map((kind) => ({
    source: `entity:${kind}`,
    expansions: KIND_TERMS.get(kind)!.map((t) => ({ terms: t, weight: use.weight })),
    inferred: true,
  }));
}
