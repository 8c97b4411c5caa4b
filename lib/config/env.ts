import { formatPath } from "./errors";

/** An environment to expand from (process.env, or any plain object). */
export type Env = Readonly<Record<string, string | undefined>>;

/** `$VAR`, `${VAR}` or `${VAR:-default}`; `$$` escapes a literal dollar. */
const VAR_PATTERN = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

export interface UnsetVariable {
  variable: string;
  field: string;
}

/** Expand variables in one string; returns the names of variables that were unset. */
export function expandString(value: string, env: Env): { value: string; unset: string[] } {
  const unset: string[] = [];
  const out = value.replace(VAR_PATTERN, (match, braced?: string, fallback?: string, bare?: string) => {
    if (match === "$$") return "$";
    const name = (braced ?? bare) as string;
    const v = env[name];
    if ((v === undefined || v === "") && fallback !== undefined) return fallback;
    if (v === undefined || v === "") {
      unset.push(name);
      return "";
    }
    return v;
  });
  return { value: out, unset };
}

/**
 * Expand every string inside a parsed JSON/YAML value. Unset variables are collected with the
 * path of the field that used them, so the caller decides whether that is an error.
 */
export function expandDeep<T>(
  input: T,
  env: Env,
  path: PropertyKey[] = [],
  unset: UnsetVariable[] = [],
): { value: T; unset: UnsetVariable[] } {
  const walk = (node: unknown, at: PropertyKey[]): unknown => {
    if (typeof node === "string") {
      const r = expandString(node, env);
      for (const variable of r.unset) unset.push({ variable, field: formatPath(at) });
      return r.value;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...at, i]));
    if (node && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) out[k] = walk(v, [...at, k]);
      return out;
    }
    return node;
  };
  return { value: walk(input, path) as T, unset };
}
