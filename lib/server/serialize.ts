/**
 * JSON for the wire. LangChain messages define `toJSON()` (the `lc` constructor form), which the SDK cannot read;
 * the LangGraph server instead sends `toDict()` flattened to `{...data, type}` (LANGGRAPH_API.md §3).
 * The replacer looks at the raw value (`this[key]`) because JSON.stringify calls `toJSON()` before the replacer.
 */

interface Dictable {
  toDict(): { type: string; data: Record<string, unknown> };
}

function isDictable(value: unknown): value is Dictable {
  return typeof value === "object" && value !== null && typeof (value as { toDict?: unknown }).toDict === "function";
}

/** Keys of LangGraph's internal config that must never reach a client (functions, signals, internals). */
function isInternalKey(key: string): boolean {
  return key.startsWith("__pregel_") || key === "callbacks" || key === "signal";
}

function replacer(this: unknown, key: string, value: unknown): unknown {
  // `this` is the holder object (for the root, the wrapper `{"": root}`), so this[key] is the value before toJSON().
  const raw = (this as Record<string, unknown>)[key];
  if (isDictable(raw)) {
    const { type, data } = raw.toDict();
    return { ...data, type };
  }
  if (key !== "" && isInternalKey(key)) return undefined;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  if (value instanceof Error) return { error: value.name, message: value.message };
  return value;
}

/** One-line JSON (no raw newlines, so it fits one SSE `data:` line). Throws on circular structures. */
export function serialize(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value, replacer) ?? "null";
}

/** The plain JSON form of a value, as a client would see it. */
export function toPlain<T = unknown>(value: unknown): T {
  return JSON.parse(serialize(value)) as T;
}
