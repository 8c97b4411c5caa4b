/**
 * How the demo model fills in tool arguments from a person's message: JSON in the message is taken
 * as the arguments; otherwise `key=value` pairs, quoted strings, paths and numbers are matched to
 * the schema's properties. Deterministic and honest: what it cannot fill is reported as missing.
 */

interface PropSchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
}

export interface InferredArgs {
  args: Record<string, unknown>;
  missing: string[];
}

const STOPWORDS = new Set(
  "a an the to of in on for with and or please can could would you me my i it this that is are be use using call run tool do show give tell what".split(
    " ",
  ),
);

/** The first balanced {...} in the text that parses as a JSON object. */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  for (let start = text.indexOf("{"); start !== -1; start = text.indexOf("{", start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        if (ch === "\\") i++;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) {
        try {
          const v: unknown = JSON.parse(text.slice(start, i + 1));
          if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
        } catch {
          /* not JSON; try the next brace */
        }
        break;
      }
    }
  }
  return null;
}

function typeOf(p: PropSchema): string {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== "null") : p.type;
  return t ?? "string";
}

function coerce(value: string, p: PropSchema): unknown {
  const t = typeOf(p);
  if (t === "number" || t === "integer") {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (t === "boolean")
    return /^(true|yes|1)$/i.exec(value) !== null ? true : /^(false|no|0)$/i.exec(value) !== null ? false : undefined;
  if (t === "array")
    return value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return value;
}

/** Words of the message that carry content: not stopwords, not words naming the tool itself. */
function contentRemainder(text: string, toolWords: Set<string>): string {
  const words = text.trim().split(/\s+/);
  let i = 0;
  while (
    i < words.length - 1 &&
    (STOPWORDS.has(words[i].toLowerCase()) || toolWords.has(words[i].toLowerCase().replace(/[^a-z0-9]/g, "")))
  )
    i++;
  return words
    .slice(i)
    .join(" ")
    .replace(/[.?!]+$/, "");
}

export function inferArgs(
  parameters: Record<string, unknown> | undefined,
  text: string,
  toolName: string,
  toolDescription = "",
): InferredArgs {
  const props = (parameters?.properties ?? {}) as Record<string, PropSchema>;
  const required = new Set((parameters?.required as string[] | undefined) ?? []);
  const json = extractJsonObject(text);
  if (json) {
    const missing = [...required].filter((k) => !(k in json));
    return { args: json, missing };
  }
  const args: Record<string, unknown> = {};
  // key=value or key: value (value quoted or one token)
  for (const m of text.matchAll(/\b([A-Za-z_][\w-]*)\s*[=:]\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const key = m[1];
    if (key in props) {
      const v = coerce(m[2] ?? m[3] ?? m[4] ?? "", props[key]);
      if (v !== undefined) args[key] = v;
    }
  }
  const quoted = [...text.matchAll(/"([^"]+)"|“([^”]+)”|`([^`]+)`|'([^']{2,})'/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? m[4],
  );
  const paths = [
    ...text.matchAll(/(?:^|\s)((?:\.{0,2}\/|~\/)?[\w.-]+(?:\/[\w.-]+)+\/?|[\w-]+\.[A-Za-z0-9]{1,5})(?=[\s,;]|$)/g),
  ].map((m) => m[1]);
  const numbers = [...text.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)].map((m) => m[0]);
  const ordered = Object.keys(props).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
  const toolWords = new Set([
    ...toolName.toLowerCase().split(/[_-]+/),
    ...toolDescription.toLowerCase().split(/\W+/).slice(0, 12),
  ]);
  let freeTextUsed = false;
  for (const key of ordered) {
    if (key in args) continue;
    const p = props[key];
    // Optional arguments are only set when the person names them (key=value, JSON) or an enum value.
    if (!required.has(key) && !p.enum) continue;
    const t = typeOf(p);
    if (p.enum) {
      const hit = p.enum.find(
        (v) =>
          typeof v === "string" &&
          new RegExp(`\\b${v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").exec(text) !== null,
      );
      if (hit !== undefined) args[key] = hit;
    } else if (t === "number" || t === "integer") {
      const n = numbers.shift();
      if (n !== undefined) args[key] = coerce(n, p);
    } else if (t === "string") {
      if (/path|file|dir|folder|source|destination/i.exec(key) !== null && paths.length > 0) args[key] = paths.shift();
      else if (quoted.length > 0) args[key] = quoted.shift();
      else if (required.has(key) && !freeTextUsed) {
        const afterColon = /:\s*(.+)$/s.exec(text)?.[1];
        const v = (afterColon ?? contentRemainder(text, toolWords)).trim();
        if (v) {
          args[key] = v;
          freeTextUsed = true;
        }
      }
    }
  }
  return { args, missing: [...required].filter((k) => !(k in args)) };
}

/** Keywords for tool_search: the message without JSON, punctuation or stopwords. */
export function searchKeywords(text: string): string {
  const withoutJson = text.replace(/\{[\s\S]*\}/g, " ");
  if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.exec(withoutJson) !== null) return withoutJson.trim().slice(0, 200);
  const words = withoutJson
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\s-]/gu, " ")
    .split(/\s+/)
    // Numbers are arguments, not what the tool does.
    .filter((w) => w && !STOPWORDS.has(w) && /^\d+([.,]\d+)?$/.exec(w) === null);
  return words.slice(0, 10).join(" ");
}
