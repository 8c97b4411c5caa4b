import type { ToolMentions } from "./mentions";
import { withoutRedirects } from "./redirects";
import { IdBuffer, type TermTable } from "./term-table";
import { isWordCode, nameTerms, STOPWORDS, termIdsInto } from "./tokenize";
import type { SearchDoc } from "./types";

export const FIELD_NAMES = [
  "name",
  "server",
  "about",
  "lead",
  "description",
  "paramNames",
  "paramText",
  "asked",
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/**
 * The searchable text of a tool, split by where it came from (each field has its own weight), as the numbers of
 * its terms in the build's TermTable: `name`, `server`; `about`, its server's description (the same on each of the
 * server's tools); `lead`, the first sentence of the description (where tool authors say what the tool is for);
 * `description`; `paramNames` and `paramText`; `asked`, the words people used to ask for the operations most like
 * this tool (exemplars.ts), empty unless that is on.
 */
export type DocFields = Record<FieldName, Int32Array>;

/** Bounds that keep index build linear and small for huge schemas (some real tools have 10k+ chars of schema). */
const MAX_DEPTH = 4;
const MAX_PARAM_TEXT = 1500;
const MAX_DESCRIPTION = 8000;
/** A server's description is a line or two; a longer one is cut, so one server cannot weigh on every tool's index. */
const MAX_SERVER_DESCRIPTION = 600;

/** Keys whose values are schemas too. */
const SUBSCHEMAS = ["items", "anyOf", "oneOf", "allOf", "additionalProperties"] as const;

function say(s: unknown, text: string[], budget: { left: number }): void {
  if (typeof s === "string" && budget.left > 0) {
    const piece = s.slice(0, budget.left);
    budget.left -= piece.length;
    text.push(piece);
  }
}

/**
 * Parameter names, enum values and descriptions, depth-first. Enum values go with the names: in tools that
 * bundle several operations (`method: get | get_diff | get_files`) they name what the tool can do.
 */
function walkSchema(node: unknown, depth: number, names: string[], text: string[], budget: { left: number }): void {
  if (depth > MAX_DEPTH || budget.left <= 0 || node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const n of node) walkSchema(n, depth, names, text, budget);
    return;
  }
  const o = node as Record<string, unknown>;
  say(o.description, text, budget);
  say(o.title, text, budget);
  const values = o.enum;
  if (Array.isArray(values)) {
    const n = Math.min(values.length, 30);
    for (let i = 0; i < n; i++) {
      const v: unknown = values[i];
      if (typeof v === "string") names.push(v.slice(0, 60));
    }
  }
  const props = o.properties;
  if (props && typeof props === "object" && !Array.isArray(props)) {
    const p = props as Record<string, unknown>;
    for (const k of Object.keys(p)) {
      names.push(k);
      walkSchema(p[k], depth + 1, names, text, budget);
    }
  }
  for (const key of SUBSCHEMAS) walkSchema(o[key], depth + 1, names, text, budget);
}

function firstSentence(text: string): string {
  const t = text.trim();
  const m = /[.!?。！？](\s|$)|\n/.exec(t);
  return (m ? t.slice(0, m.index) : t).slice(0, 300);
}

const NO_TERMS = new Int32Array(0);
/** Scratch for one field at a time (builds are synchronous). */
const buffer = new IdBuffer();
/**
 * Per build's term table, terms that many tools share, by their text: a server's name terms (`server`) and its
 * description's (`about`): a catalog's tools share a few dozen servers. Read, never changed.
 */
const sharedTerms = {
  server: new WeakMap<TermTable, Map<string, Int32Array>>(),
  about: new WeakMap<TermTable, Map<string, Int32Array>>(),
};

/** `text`'s terms in `table`, made once per table by `make` and kept in `memo`. */
function sharedIds(
  memo: WeakMap<TermTable, Map<string, Int32Array>>,
  text: string,
  table: TermTable,
  make: (text: string) => Int32Array,
): Int32Array {
  let known = memo.get(table);
  if (!known) {
    known = new Map();
    memo.set(table, known);
  }
  let ids = known.get(text);
  if (!ids) {
    ids = make(text);
    known.set(text, ids);
  }
  return ids;
}

const serverIds = (server: string, table: TermTable) =>
  sharedIds(sharedTerms.server, server, table, (s) => table.idsOf(nameTerms(s)));

const aboutIds = (text: string, table: TermTable) =>
  sharedIds(sharedTerms.about, text, table, (t) => {
    termIdsInto(t.slice(0, MAX_SERVER_DESCRIPTION), table, buffer);
    return buffer.take();
  });

/**
 * A tool's fields, its terms numbered in `table`. With `mentions`, the names of other catalog tools in its
 * description and parameter texts are not its words (mentions.ts); with `redirects`, nor are the statements there
 * that send the reader to another tool (redirects.ts).
 */
export function docFields(
  doc: SearchDoc,
  table: TermTable,
  mentions: ToolMentions | null = null,
  redirects = false,
): DocFields {
  const names: string[] = [];
  const text: string[] = [];
  walkSchema(doc.parameters, 0, names, text, { left: MAX_PARAM_TEXT });
  if (redirects) for (let i = 0; i < text.length; i++) text[i] = withoutRedirects(text[i]!);
  if (mentions) for (let i = 0; i < text.length; i++) text[i] = mentions.strip(text[i]!, doc);
  const cut = doc.description.slice(0, MAX_DESCRIPTION);
  const written = redirects ? withoutRedirects(cut) : cut;
  const description = mentions ? mentions.strip(written, doc) : written;
  const lead = firstSentence(description);
  termIdsInto(lead, table, buffer);
  const leadTerms = buffer.take();
  // The lead is usually the description's start, ending where a word ends: then its terms are the description's
  // first ones, and only the rest is read again.
  const end = lead.length < description.length ? description.charCodeAt(lead.length) : 0;
  if (description.startsWith(lead) && !isWordCode(end)) {
    for (let j = 0; j < leadTerms.length; j++) buffer.push(leadTerms[j]!);
    termIdsInto(description.slice(lead.length), table, buffer);
  } else termIdsInto(description, table, buffer);
  const descriptionTerms = buffer.take();
  for (const n of names) termIdsInto(n, table, buffer);
  const paramNames = buffer.take();
  // Pieces apart, as if joined by a space: no word spans two of them.
  for (const piece of text) termIdsInto(piece, table, buffer);
  const paramText = buffer.take();
  return {
    name: table.idsOf(nameTerms(doc.name).filter((t) => !STOPWORDS.has(t))),
    server: doc.server ? serverIds(doc.server, table) : NO_TERMS,
    about: doc.serverDescription ? aboutIds(doc.serverDescription, table) : NO_TERMS,
    lead: leadTerms,
    description: descriptionTerms,
    paramNames,
    paramText,
    asked: NO_TERMS,
  };
}

/**
 * Each tool's `about` without the words some tool's name holds (the same arrays for a server's tools stay shared).
 * A description says what its server is for; a word that names a tool ("echo" in "echo, sums, sampling") is better
 * evidence for that tool than for its server, and on every sibling it would make the word common (lower its IDF)
 * and lift them all as much as the tool it names.
 */
export function aboutWithoutNameWords(fields: readonly DocFields[]): void {
  // A catalog without descriptions (the usual case) pays nothing: no set of every name word is made.
  if (!fields.some((f) => f.about.length > 0)) return;
  const names = new Set<number>();
  for (const f of fields) for (let j = 0; j < f.name.length; j++) names.add(f.name[j]!);
  const kept = new Map<Int32Array, Int32Array>();
  for (const f of fields) {
    if (f.about.length === 0) continue;
    let own = kept.get(f.about);
    if (!own) {
      own = f.about.filter((t) => !names.has(t));
      kept.set(f.about, own);
    }
    f.about = own;
  }
}
