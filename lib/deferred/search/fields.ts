import { nameTerms, STOPWORDS, terms } from "./tokenize";
import type { SearchDoc } from "./types";

/** The searchable text of a tool, split by where it came from (each field has its own weight). */
export interface DocFields {
  name: string[];
  server: string[];
  /** The first sentence of the description: where tool authors say what the tool is for. */
  lead: string[];
  description: string[];
  paramNames: string[];
  paramText: string[];
}

export const FIELD_NAMES = ["name", "server", "lead", "description", "paramNames", "paramText"] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** Bounds that keep index build linear and small for huge schemas (some real tools have 10k+ chars of schema). */
const MAX_DEPTH = 4;
const MAX_PARAM_TEXT = 1500;
const MAX_DESCRIPTION = 8000;

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
  const say = (s: unknown) => {
    if (typeof s === "string" && budget.left > 0) {
      const piece = s.slice(0, budget.left);
      budget.left -= piece.length;
      text.push(piece);
    }
  };
  say(o.description);
  say(o.title);
  if (Array.isArray(o.enum)) for (const v of o.enum.slice(0, 30)) if (typeof v === "string") names.push(v.slice(0, 60));
  const props = o.properties;
  if (props && typeof props === "object" && !Array.isArray(props)) {
    for (const [k, v] of Object.entries(props as Record<string, unknown>)) {
      names.push(k);
      walkSchema(v, depth + 1, names, text, budget);
    }
  }
  for (const key of ["items", "anyOf", "oneOf", "allOf", "additionalProperties"])
    walkSchema(o[key], depth + 1, names, text, budget);
}

function firstSentence(text: string): string {
  const t = text.trim();
  const m = /[.!?。！？](\s|$)|\n/.exec(t);
  return (m ? t.slice(0, m.index) : t).slice(0, 300);
}

export function docFields(doc: SearchDoc): DocFields {
  const names: string[] = [];
  const text: string[] = [];
  walkSchema(doc.parameters, 0, names, text, { left: MAX_PARAM_TEXT });
  const description = doc.description.slice(0, MAX_DESCRIPTION);
  return {
    name: nameTerms(doc.name).filter((t) => !STOPWORDS.has(t)),
    server: doc.server ? nameTerms(doc.server) : [],
    lead: terms(firstSentence(description)),
    description: terms(description),
    paramNames: names.flatMap((n) => terms(n)),
    paramText: terms(text.join(" \n ")),
  };
}
