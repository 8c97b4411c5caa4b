/**
 * zod's first issue, phrased for a person editing the file by hand: what was expected, what was found, and for an
 * unknown key or option the nearest known one ("did you mean …?"). Used by the loader (lib/config/parse.ts) and by
 * the MCP server API (lib/mcp/server-entries.ts), so a mistake reads the same wherever it is made.
 */
import { editDistance } from "@/lib/deferred/search/fuzzy";
import type { z } from "zod";

export interface DescribeOptions {
  /** What the file calls a map and a list: YAML "map"/"list", JSON "object"/"array". */
  format?: "yaml" | "json";
  /** The same data before `$VAR` expansion, to say where an expanded value came from. */
  raw?: unknown;
  /** "key" in a file, "field" over the API. */
  noun?: "key" | "field";
}

export interface DescribedIssue {
  /** Where the problem is (for an unknown key: the key itself). */
  path: PropertyKey[];
  problem: string;
}

type Issue = z.core.$ZodIssue;

interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  valueType?: Schema;
  options?: Schema[];
  discriminator?: string;
  getter?: () => Schema;
}
interface Schema {
  _zod: { def: Def; propValues?: Record<string, Set<unknown>> };
}

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/** The schema itself, through wrappers (optional, default, pipe, lazy…). */
function unwrap(schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s && i < 32; i++) {
    const def = s._zod.def;
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === "pipe") s = def.out && unwrap(def.out)?._zod.def.type !== "transform" ? def.out : def.in;
    else if (def.type === "lazy" && def.getter) s = def.getter();
    else return s;
  }
  return s;
}

/** The options of a union that `data` may be meant for: the one its discriminator names, else all of them. */
function optionsFor(def: Def, data: unknown): Schema[] {
  const options = def.options ?? [];
  const tag = def.discriminator;
  if (tag && data && typeof data === "object" && tag in data) {
    const value = (data as Record<string, unknown>)[tag];
    const match = options.filter((o) => unwrap(o)?._zod.propValues?.[tag]?.has(value));
    if (match.length > 0) return match;
  }
  return options;
}

/** The schemas that apply at `path` inside `schema` (several where a union does not say which). */
function schemasAt(schema: Schema, path: ReadonlyArray<PropertyKey>, data: unknown): Schema[] {
  let current: Array<{ schema: Schema; data: unknown }> = [{ schema, data }];
  for (const key of [...path, undefined]) {
    const next: Array<{ schema: Schema; data: unknown }> = [];
    const expand = (s: Schema | undefined, d: unknown) => {
      const u = unwrap(s);
      if (!u) return;
      if (u._zod.def.type === "union") for (const o of optionsFor(u._zod.def, d)) expand(o, d);
      else next.push({ schema: u, data: d });
    };
    for (const c of current) expand(c.schema, c.data);
    if (key === undefined) return next.map((c) => c.schema);
    current = [];
    for (const c of next) {
      const def = c.schema._zod.def;
      const d = c.data && typeof c.data === "object" ? (c.data as Record<PropertyKey, unknown>)[key] : undefined;
      const child =
        def.type === "object"
          ? (def.shape?.[String(key)] ?? def.catchall)
          : def.type === "array"
            ? def.element
            : def.type === "record"
              ? def.valueType
              : undefined;
      if (child) current.push({ schema: child, data: d });
    }
  }
  return [];
}

/** The keys an object at `path` knows, in the schema's order. */
export function knownKeysAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>, data: unknown): string[] {
  const keys = new Set<string>();
  for (const s of schemasAt(schema as unknown as Schema, path, data)) {
    const shape = s._zod.def.type === "object" ? s._zod.def.shape : undefined;
    for (const k of Object.keys(shape ?? {})) keys.add(k);
  }
  return [...keys];
}

const squash = (s: string) => s.toLowerCase().replace(/[-_\s]/g, "");

/** The known word `typed` most likely means (a typo, another case or separator, a shortened key), if any. */
export function closest(typed: string, known: ReadonlyArray<string>): string | undefined {
  const t = squash(typed);
  if (!t) return undefined;
  const same = known.find((k) => squash(k) === t);
  if (same) return same;
  // A typo: at most one edit (a swap of neighbours counts as one, "enabeld") per four letters typed.
  const most = Math.max(1, Math.floor(t.length / 4));
  let best: string | undefined;
  let bestDistance = most + 1;
  for (const k of known) {
    const dist = editDistance(t, squash(k), most);
    if (dist < bestDistance) [best, bestDistance] = [k, dist];
  }
  if (best !== undefined) return best;
  // "memory" for "memory_mb": the typed word is how a known key begins.
  const prefixed = known.filter((k) => t.length >= 4 && squash(k).startsWith(t));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = data;
  for (const key of path) {
    if (!v || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function quote(s: string): string {
  return JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);
}

/** A found value, as a person reads it: `the text "5"`, `the number 3`, `a list`, `nothing`. */
function found(value: unknown, format: "yaml" | "json"): string {
  if (value === null) return "nothing (an empty value)";
  if (typeof value === "string") return `the text ${quote(value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return format === "yaml" ? "a list" : "an array";
  if (typeof value === "object") return format === "yaml" ? "a map (key: value lines)" : "an object";
  return String(value);
}

function expectedOf(expected: string, format: "yaml" | "json"): string {
  switch (expected) {
    case "number":
      return "a number";
    case "int":
      return "a whole number";
    case "string":
      return "text";
    case "boolean":
      return "true or false";
    case "array":
      return format === "yaml" ? "a list (lines starting with '- ')" : "an array ([...])";
    case "object":
    case "record":
      return format === "yaml" ? "a map (key: value lines)" : "an object ({...})";
    default:
      return expected;
  }
}

/** Why a value of the right look has the wrong type: quotes around a number, YAML's `yes`, a `$VAR`. */
function typeHint(expected: string, value: unknown, raw: unknown): string {
  if (typeof value !== "string") return "";
  if (typeof raw === "string" && raw !== value && raw.includes("$"))
    return ` (from ${quote(raw)}: a variable always expands to text)`;
  if ((expected === "number" || expected === "int") && value.trim() !== "" && Number.isFinite(Number(value)))
    return "; write it without quotes";
  if (expected === "boolean" && /^(true|false)$/i.exec(value)) return "; write it without quotes";
  if (expected === "boolean" && /^(yes|no|on|off|y|n)$/i.exec(value)) return "; write true or false";
  return "";
}

const isDefault = (message: string, ...prefixes: string[]) => prefixes.some((p) => message.startsWith(p));

function bound(issue: { minimum?: unknown; maximum?: unknown; inclusive?: boolean }, small: boolean): string {
  const limit = String(small ? issue.minimum : issue.maximum);
  if (small) return issue.inclusive ? `at least ${limit}` : `more than ${limit}`;
  return issue.inclusive ? `at most ${limit}` : `less than ${limit}`;
}

/** The first issue of a failed parse of `data` by `schema`, with the path to report it at. */
export function describeIssue(
  schema: z.ZodType,
  issue: Issue,
  data: unknown,
  opts: DescribeOptions = {},
): DescribedIssue {
  const format = opts.format ?? "yaml";
  const noun = opts.noun ?? "key";
  const path = [...issue.path];
  const value = valueAt(data, path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const [first, ...others] = issue.keys;
      const known = knownKeysAt(schema, path, data);
      const guess = closest(first, known);
      const also = others.length > 0 ? `; also unknown: ${others.map((k) => `"${k}"`).join(", ")}` : "";
      const listed = known.length > 40 ? `${known.slice(0, 40).join(", ")}, …` : known.join(", ");
      const help = guess ? `did you mean "${guess}"?` : known.length > 0 ? `known ${noun}s: ${listed}` : "";
      return { path: [...path, first], problem: `unknown ${noun}${help || also ? ` (${help}${also})` : ""}` };
    }
    case "invalid_type": {
      if (value === undefined) return { path, problem: "is required" };
      if (typeof value === "number" && !Number.isFinite(value)) return { path, problem: "is too large a number" };
      if (!isDefault(issue.message, "Invalid input")) return { path, problem: issue.message };
      const expected = expectedOf(issue.expected, format);
      if (value === null && (issue.expected === "object" || issue.expected === "record"))
        return { path, problem: `is empty: expected ${expected} under it (or delete the line)` };
      const hint = typeHint(issue.expected, value, valueAt(opts.raw, path));
      const got = issue.expected === "int" && typeof value === "number" ? `${value}` : found(value, format);
      return { path, problem: `expected ${expected}, got ${got}${hint}` };
    }
    case "invalid_value": {
      if (!isDefault(issue.message, "Invalid option", "Invalid input")) return { path, problem: issue.message };
      const options = issue.values.map((v) => JSON.stringify(v));
      const guess = typeof value === "string" ? closest(value, issue.values.map(String)) : undefined;
      const got =
        value === undefined ? "" : ` (got ${typeof value === "string" ? quote(value) : found(value, format)})`;
      const mean = guess ? `; did you mean "${guess}"?` : "";
      return {
        path,
        problem: `must be ${options.length === 1 ? options[0] : `one of ${options.join(", ")}`}${got}${mean}`,
      };
    }
    case "invalid_union": {
      if ("discriminator" in issue && issue.discriminator && "options" in issue && Array.isArray(issue.options)) {
        const options = (issue.options as unknown[]).map((v) => JSON.stringify(v));
        const got =
          value === undefined ? "" : ` (got ${typeof value === "string" ? quote(value) : found(value, format)})`;
        return { path, problem: `must be one of ${options.join(", ")}${got}` };
      }
      return { path, problem: issue.message };
    }
    case "too_small":
    case "too_big": {
      if (!isDefault(issue.message, "Too small", "Too big")) return { path, problem: issue.message };
      const small = issue.code === "too_small";
      const limit = bound(issue as { minimum?: unknown; maximum?: unknown; inclusive?: boolean }, small);
      if (issue.origin === "string") {
        return {
          path,
          problem: small && Number(issue.minimum) === 1 ? "must not be empty" : `must be ${limit} characters long`,
        };
      }
      if (issue.origin === "array" || issue.origin === "set") return { path, problem: `must have ${limit} item(s)` };
      return { path, problem: `must be ${limit}${typeof value === "number" ? ` (got ${value})` : ""}` };
    }
    case "invalid_format": {
      if (issue.format === "url" && issue.message === "Invalid URL")
        return {
          path,
          problem: `must be a URL such as "https://api.example.com/v1"${typeof value === "string" ? ` (got ${quote(value)})` : ""}`,
        };
      return { path, problem: issue.message };
    }
    case "invalid_key": {
      const inner = issue.issues[0]?.message;
      return { path, problem: inner ? `is not a valid name: ${inner}` : issue.message };
    }
    default:
      return { path, problem: issue.message };
  }
}
