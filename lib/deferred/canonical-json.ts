/**
 * Canonical JSON as the design's reference implementation writes it (Python's
 * `json.dumps(value, sort_keys=True, ensure_ascii=False)`): keys sorted at every depth, ", " between
 * items and ": " after keys, non-ASCII kept as is. Equal values always give the same text, and a hash
 * over it matches one computed by the design's own code.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}: ${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(", ")}}`;
  }
  return JSON.stringify(String(value));
}
