import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { addTool, PURE, ToolArgumentError } from "./define";

export const MAX_DATA_LENGTH = 5_000_000;
export const MAX_CSV_ROWS = 10_000;

type Segment = { kind: "key"; key: string } | { kind: "index"; index: number } | { kind: "wild" };

/** Parse `a.b[0]["odd key"].*`, with an optional leading `$`. */
export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  const re = /\.?([A-Za-z0-9_$-][\w$-]*|\*)|\[\s*(-?\d+|\*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\]/y;
  const rest = path.trim().replace(/^\$/, "");
  let pos = 0;
  while (pos < rest.length) {
    re.lastIndex = pos;
    const m = re.exec(rest);
    if (!m)
      throw new ToolArgumentError(
        "path",
        `cannot parse '${path}' near '${rest.slice(pos, pos + 12)}'; use a.b[0].c or ["key with spaces"]`,
      );
    const [, bare, bracket] = m;
    if (bare === "*" || bracket === "*") segments.push({ kind: "wild" });
    else if (bare !== undefined) segments.push({ kind: "key", key: bare });
    else if (/^-?\d+$/.test(bracket)) segments.push({ kind: "index", index: Number(bracket) });
    else segments.push({ kind: "key", key: bracket.slice(1, -1).replace(/\\(.)/g, "$1") });
    pos = re.lastIndex;
    if (pos < rest.length && rest[pos] !== "." && rest[pos] !== "[") {
      throw new ToolArgumentError("path", `unexpected '${rest[pos]}' at position ${pos} of '${path}'`);
    }
  }
  return segments;
}

function typeOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function step(value: unknown, seg: Segment, where: string): unknown[] {
  if (seg.kind === "wild") {
    if (Array.isArray(value)) return value;
    if (value !== null && typeof value === "object") return Object.values(value);
    throw new ToolArgumentError("path", `'*' at ${where} needs an array or object, found ${typeOf(value)}`);
  }
  if (Array.isArray(value)) {
    const index = seg.kind === "index" ? seg.index : /^\d+$/.test(seg.key) ? Number(seg.key) : NaN;
    if (Number.isNaN(index))
      throw new ToolArgumentError("path", `${where} is an array; '${(seg as { key: string }).key}' is not an index`);
    const i = index < 0 ? value.length + index : index;
    if (i < 0 || i >= value.length)
      throw new ToolArgumentError("path", `index ${index} is out of range at ${where} (length ${value.length})`);
    return [value[i]];
  }
  if (value !== null && typeof value === "object") {
    const key = seg.kind === "key" ? seg.key : String(seg.index);
    if (!Object.hasOwn(value, key)) {
      const keys = Object.keys(value);
      const shown = keys.slice(0, 20).join(", ") + (keys.length > 20 ? ", …" : "");
      throw new ToolArgumentError("path", `no key '${key}' at ${where} (available: ${shown || "none"})`);
    }
    return [(value as Record<string, unknown>)[key]];
  }
  throw new ToolArgumentError("path", `${where} is ${typeOf(value)}, cannot go further`);
}

export function jsonQuery(json: string, path: string) {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch (error) {
    throw new ToolArgumentError("json", `is not valid JSON: ${(error as Error).message}`);
  }
  const segments = parsePath(path);
  const wildcard = segments.some((s) => s.kind === "wild");
  let current: unknown[] = [root];
  let where = "$";
  for (const seg of segments) {
    const here = where;
    // Under a wildcard, elements lacking the key are skipped rather than fatal.
    current = current.flatMap((v) => {
      try {
        return step(v, seg, here);
      } catch (error) {
        if (wildcard && error instanceof ToolArgumentError && seg.kind !== "wild") return [];
        throw error;
      }
    });
    where += seg.kind === "wild" ? "[*]" : seg.kind === "index" ? `[${seg.index}]` : `.${seg.key}`;
  }
  const value = wildcard ? current : current[0];
  return { path: where, type: typeOf(value), ...(Array.isArray(value) ? { length: value.length } : {}), value };
}

/** RFC 4180 parsing: quoted fields, doubled quotes, newlines inside quotes. */
export function parseCsv(csv: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && csv[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      line++;
    } else field += c;
  }
  if (quoted) throw new ToolArgumentError("csv", `unterminated quoted field starting on line ${quoteLine}`);
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ""));
}

function detectDelimiter(csv: string): string {
  const firstLine = csv.split(/\r?\n/, 1)[0];
  const candidates = [",", ";", "\t", "|"];
  return candidates.reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ",");
}

function infer(value: string): string | number | boolean | null {
  if (value === "") return null;
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  return value;
}

export function csvToJson(csv: string, options: { delimiter?: string; header?: boolean; inferTypes?: boolean } = {}) {
  // Models often send the two characters backslash-t for a tab.
  const delimiter = options.delimiter === "\\t" ? "\t" : (options.delimiter ?? detectDelimiter(csv));
  if ([...delimiter].length !== 1 || delimiter === '"' || /[\r\n]/.test(delimiter)) {
    throw new ToolArgumentError(
      "delimiter",
      `must be a single character other than a quote or newline, got '${delimiter}'`,
    );
  }
  const table = parseCsv(csv, delimiter);
  const header = options.header ?? true;
  const convert = (options.inferTypes ?? true) ? infer : (v: string) => v;
  const body = header ? table.slice(1) : table;
  if (body.length > MAX_CSV_ROWS)
    throw new ToolArgumentError("csv", `has ${body.length} data rows; the limit is ${MAX_CSV_ROWS}`);
  const width = Math.max(0, ...table.map((r) => r.length));
  const seen = new Set<string>();
  const columns = Array.from({ length: width }, (_, i) => {
    let name = (header ? table[0]?.[i]?.trim() : "") || `column_${i + 1}`;
    while (seen.has(name)) name = `${name}_${i + 1}`;
    seen.add(name);
    return name;
  });
  const ragged = body
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.length !== width)
    .map(({ i }) => i + (header ? 2 : 1));
  const rows = body.map((r) =>
    header
      ? Object.fromEntries(columns.map((c, i) => [c, convert(r[i] ?? "")]))
      : columns.map((_, i) => convert(r[i] ?? "")),
  );
  return {
    delimiter,
    columns,
    row_count: rows.length,
    ...(ragged.length
      ? { warning: `lines with a different number of fields (padded with null): ${ragged.slice(0, 20).join(", ")}` }
      : {}),
    rows,
  };
}

export function registerDataTools(server: McpServer): void {
  addTool(
    server,
    "json_query",
    {
      title: "Query JSON",
      description:
        "Extract a value from a JSON document by path: dotted keys and array indexes like 'data.items[0].name', negative indexes ([-1] = last), " +
        "quoted keys ['key with spaces'], and '*' wildcards ('items[*].id' lists every id). Use to pull fields out of API responses, configs or logs.",
      inputSchema: {
        json: z.string().max(MAX_DATA_LENGTH).describe("The JSON text to query"),
        path: z
          .string()
          .describe("Path such as 'user.address.city', 'results[2]', 'items[*].price' or '$' for the whole document"),
      },
      annotations: PURE,
    },
    ({ json, path }) => jsonQuery(json, path),
  );
  addTool(
    server,
    "csv_to_json",
    {
      title: "Convert CSV to JSON",
      description:
        "Parse CSV (or TSV/semicolon-separated) text into JSON rows, handling quoted fields, embedded commas and newlines. " +
        "With a header row, each row becomes an object keyed by column name; numbers and true/false are converted unless disabled. " +
        "Use to read spreadsheets or tabular exports before analysing them.",
      inputSchema: {
        csv: z.string().max(MAX_DATA_LENGTH).describe("The CSV text"),
        delimiter: z
          .string()
          .optional()
          .describe("Field separator, one character: ',', ';', '\\t' or '|'; detected from the first line if omitted"),
        header: z
          .boolean()
          .optional()
          .describe("First line holds column names (default true); false returns rows as arrays"),
        infer_types: z
          .boolean()
          .optional()
          .describe("Convert numbers, true/false and empty fields (to null); default true"),
      },
      annotations: PURE,
    },
    ({ csv, delimiter, header, infer_types }) => csvToJson(csv, { delimiter, header, inferTypes: infer_types }),
  );
}
