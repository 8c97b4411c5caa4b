/** Flattens LangChain message content (a string or content blocks) into plain text. */
export function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content == null ? "" : JSON.stringify(content);
  return content
    .map((block: unknown) => {
      if (typeof block === "string") return block;
      if (block && typeof block === "object" && "text" in block && typeof block.text === "string") return block.text;
      return "";
    })
    .join("");
}

/** Pretty-prints JSON text so tool results stay readable; anything else is returned unchanged. */
export function prettyResult(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

/** Tool-call arguments as indented JSON; `{}` when the call takes none. */
export function formatArgs(args: unknown): string {
  if (args == null) return "{}";
  if (typeof args === "string") return prettyResult(args);
  return JSON.stringify(args, null, 2);
}

/** A readable line for whatever `stream.error` or a failed fetch holds. */
/** "HTTP 404: {"error":{"code":…,"message":…}}" (how the SDK reports API errors) → the API's own message. */
function apiErrorMessage(message: string): string | null {
  const m = /^HTTP (\d{3}): (\{.*\})$/s.exec(message);
  if (!m) return null;
  try {
    const body = JSON.parse(m[2]) as { error?: { message?: unknown } | string; message?: unknown };
    const text =
      typeof body.error === "object" && typeof body.error?.message === "string"
        ? body.error.message
        : typeof body.message === "string"
          ? body.message
          : null;
    return text ? `${text} (HTTP ${m[1]})` : null;
  } catch {
    return null;
  }
}

export function errorText(error: unknown): string {
  if (error == null) return "";
  if (error instanceof Error) {
    const api = apiErrorMessage(error.message ?? "");
    if (api) return api;
    const name = error.name && error.name !== "Error" ? `${error.name}: ` : "";
    return `${name}${error.message || "unknown error"}`;
  }
  if (typeof error === "string") return error;
  if (typeof error === "object" && "message" in error && typeof error.message === "string") {
    const name = "error" in error && typeof error.error === "string" ? `${error.error}: ` : "";
    return `${name}${error.message}`;
  }
  return JSON.stringify(error);
}
