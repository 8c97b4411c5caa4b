/**
 * How deep a JSON text nests, found by scanning the text itself (strings skipped), so a body nested
 * thousands deep is refused before JSON.parse, zod or the checkpointer recurse through it. LangGraph's
 * checkpoint reader gives up past 50 levels, and a saved value always sits a few levels below the body.
 */
export const MAX_JSON_DEPTH = 32;

type Frame = { kind: "object"; key: string | null } | { kind: "array"; index: number };

/** The path to the first container nested deeper than `maxDepth` (e.g. `.metadata.a[0]`), or null. */
export function tooDeepPath(text: string, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top?.kind === "object") top.key = safeKey(text.slice(i, end + 1));
      expectKey = false;
      i = end;
    } else if (c === "{" || c === "[") {
      if (stack.length >= maxDepth) return pathOf(stack);
      stack.push(c === "{" ? { kind: "object", key: null } : { kind: "array", index: 0 });
      expectKey = c === "{";
    } else if (c === "}" || c === "]") {
      stack.pop();
      expectKey = false;
    } else if (c === ",") {
      const top = stack[stack.length - 1];
      if (top?.kind === "array") top.index++;
      expectKey = top?.kind === "object";
    }
  }
  return null;
}

function stringEnd(text: string, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === '"') return j;
  }
  return text.length - 1;
}

function safeKey(quoted: string): string {
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted;
  }
}

function pathOf(stack: Frame[]): string {
  const parts = stack.map((f) => (f.kind === "array" ? `[${f.index}]` : f.key === null ? "" : `.${f.key}`));
  const path = parts.join("");
  return path.length > 300 ? `${path.slice(0, 300)}…` : path;
}
