import { prettyResult } from "./message-content";

/** How a tool's result is shown: a table for a list of records, indented JSON, markdown, or plain text. */
export type ResultView =
  | { kind: "table"; columns: string[]; rows: string[][]; more: number }
  | { kind: "json"; text: string }
  | { kind: "markdown"; text: string }
  | { kind: "text"; text: string };

const MAX_ROWS = 50;
const MAX_COLUMNS = 8;

function cell(v: unknown): string {
  if (v == null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

const MARKDOWN = /(^|\n)(#{1,6} |[-*] |\d+\. |> |```|\|.*\|)|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\)/;

export function resultView(text: string): ResultView {
  const trimmed = text.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isRecord)) {
        const columns = [...new Set(parsed.flatMap((r) => Object.keys(r)))];
        if (columns.length <= MAX_COLUMNS) {
          const rows = parsed.slice(0, MAX_ROWS).map((r) => columns.map((c) => cell(r[c])));
          return { kind: "table", columns, rows, more: Math.max(0, parsed.length - MAX_ROWS) };
        }
      }
      return { kind: "json", text: prettyResult(trimmed) };
    } catch {
      // Not JSON after all: fall through.
    }
  }
  return MARKDOWN.exec(text) ? { kind: "markdown", text } : { kind: "text", text };
}

/** One line for a collapsed card: the start of the result. */
export function resultPreview(text: string, max = 60): string {
  const line = text.trim().replace(/\s+/g, " ");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
