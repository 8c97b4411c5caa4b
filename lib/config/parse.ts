import {
  type Document,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Pair,
  parseDocument,
  visit,
  type YAMLError,
} from "yaml";
import type { z } from "zod";
import { ConfigError, formatPath } from "./errors";
import { describeIssue } from "./issues";

/** A parsed YAML or JSON document that can say on which line a field sits. */
export interface LocatedDocument {
  data: unknown;
  format: "yaml" | "json";
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
}

/** Where `offset` is in `text`, 1-based (a JSON.parse position as a person finds it). */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, col: offset - (before.lastIndexOf("\n") + 1) + 1 };
}

/** JSON.parse's complaint as a person can act on it, at the line to fix. */
function jsonSyntaxError(text: string, file: string, error: Error): ConfigError {
  const reason = error.message
    .replace(/\s*\(line \d+ column \d+\)/, "")
    .replace(/ in JSON at position \d+/, "")
    .replace(/^Unexpected token '(.)', .*? is not valid JSON$/s, "unexpected '$1'");
  if (text.trim() === "")
    return ConfigError.at(file, undefined, 'the file is empty: write {"mcpServers": {}} for none');
  const at = /position (\d+)/.exec(error.message);
  const pos = at ? Number(at[1]) : undefined;
  if (/end of JSON input/.exec(error.message) || (pos !== undefined && pos >= text.trimEnd().length)) {
    const { line } = lineCol(text, text.trimEnd().length);
    return ConfigError.at(file, undefined, "invalid JSON: the file ends before every { and [ is closed", line);
  }
  if (pos === undefined) return ConfigError.at(file, undefined, `invalid JSON: ${reason}`);
  const here = lineCol(text, pos);
  const prev = text.slice(0, pos).trimEnd();
  const rest = text.slice(pos);
  let problem = `${reason} (column ${here.col})`;
  let line = here.line;
  if (rest.startsWith("//") || rest.startsWith("/*")) {
    problem = 'comments are not allowed in JSON: delete it (a server can say what it is in "description")';
  } else if ((rest.startsWith("}") || rest.startsWith("]")) && prev.endsWith(",")) {
    line = lineCol(text, prev.length - 1).line;
    problem = `a comma after the last entry is not allowed in JSON: delete the "," at the end of this line`;
  } else if (rest.startsWith("'")) {
    problem = `JSON takes double quotes: write "…" instead of '…' (column ${here.col})`;
  } else if (/^Bad control character in string/.exec(error.message)) {
    problem = `a string is not closed on this line (or holds a raw tab or line break: write \\t or \\n) (column ${here.col})`;
  } else if (/^Expected ',' or '[}\]]' after/.exec(error.message) && /^["{[\d\-tfn]/.exec(rest)) {
    line = lineCol(text, prev.length).line;
    problem = `a comma is missing at the end of this line (before line ${here.line})`;
  }
  return ConfigError.at(file, undefined, `invalid JSON: ${problem}`, line);
}

/** The field path of a pair inside `doc` (keys and list indexes), for naming what a syntax error is about. */
function pathOfPair(doc: Document, target: Pair): PropertyKey[] | null {
  let found: PropertyKey[] | null = null;
  visit(doc, {
    Pair(_, pair, ancestors) {
      if (pair !== target) return undefined;
      const out: PropertyKey[] = [];
      const chain = [...ancestors, pair];
      chain.forEach((node, i) => {
        if (isPair(node) && isScalar(node.key)) out.push(String(node.key.value));
        if (isSeq(node)) out.push(node.items.indexOf(chain[i + 1] as never));
      });
      found = out;
      return visit.BREAK;
    },
  });
  return found;
}

/** `Map keys must be unique`, naming the key, the first line it is on and, in JSON, what was lost. */
function duplicateKey(doc: Document, lines: LineCounter, err: YAMLError, file: string, format: string) {
  let problem = "a key is written twice (remove one)";
  let field: string | undefined;
  visit(doc, {
    Map(_, map) {
      const pair = map.items.find((p) => isNode(p.key) && p.key.range?.[0] === err.pos[0]);
      if (!pair || !isScalar(pair.key)) return undefined;
      const key = String(pair.key.value);
      const first = map.items.find((p) => isScalar(p.key) && String(p.key.value) === key && p !== pair);
      const firstLine = isNode(first?.key) && first.key.range ? lines.linePos(first.key.range[0]).line : undefined;
      const path = pathOfPair(doc, pair) ?? [key];
      field = formatPath(path) || undefined;
      const where = firstLine ? ` (also on line ${firstLine})` : "";
      problem =
        format === "json" && path.length === 2 && path[0] === "mcpServers"
          ? `two servers are named "${key}"${where}: rename or remove one`
          : `"${key}" is written twice${where}: remove one`;
      return visit.BREAK;
    },
  });
  return ConfigError.at(file, field, problem, lines.linePos(err.pos[0]).line);
}

const INDENT_CODES = new Set(["BAD_INDENT", "BLOCK_AS_IMPLICIT_KEY", "MULTILINE_IMPLICIT_KEY", "MISSING_CHAR"]);

function yamlSyntaxError(doc: Document, lines: LineCounter, err: YAMLError, file: string, format: string) {
  const kind = format === "json" ? "JSON" : "YAML";
  if (err.code === "DUPLICATE_KEY") return duplicateKey(doc, lines, err, file, format);
  const { line, col } = lines.linePos(err.pos[0]);
  const message = err.message.split("\n")[0];
  if (err.code === "MISSING_CHAR" && /closing .?quote/.exec(message)) {
    // The error is where the file ends; the string to close is where its quote opened.
    let opened: number | undefined;
    visit(doc, {
      Scalar(_, s) {
        if ((s.type === "QUOTE_DOUBLE" || s.type === "QUOTE_SINGLE") && s.range && s.range[0] < err.pos[0])
          opened = s.range[0];
      },
    });
    const quoteChar = message.includes("'") ? "'" : '"';
    if (opened !== undefined) {
      const at = lines.linePos(opened);
      return ConfigError.at(
        file,
        undefined,
        `invalid ${kind}: the ${quoteChar} opened here (column ${at.col}) is never closed`,
        at.line,
      );
    }
  }
  if (err.code === "MULTIPLE_DOCS")
    return ConfigError.at(
      file,
      undefined,
      `invalid ${kind}: a second document starts here ("---"); the file holds one: delete this line`,
      line,
    );
  if (err.code === "TAB_AS_INDENT")
    return ConfigError.at(file, undefined, `invalid ${kind}: a tab is used to indent; indent with spaces`, line);
  const hint = INDENT_CODES.has(err.code)
    ? "; check the indentation of this line and the next (a key must line up with the keys beside it)"
    : "";
  return ConfigError.at(file, undefined, `invalid ${kind}: ${message} (column ${col})${hint}`, line);
}

/** Parse YAML (JSON is YAML too, but JSON files get JSON's stricter syntax check first). */
export function parseLocated(source: string, file: string, format: "yaml" | "json"): LocatedDocument {
  // A byte-order mark (Notepad writes one) is not content.
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  if (format === "json") {
    try {
      JSON.parse(text);
    } catch (e) {
      throw jsonSyntaxError(text, file, e as Error);
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) throw yamlSyntaxError(doc, lineCounter, doc.errors[0], file, format);
  let data: unknown;
  try {
    data = doc.toJS() ?? {};
  } catch (e) {
    // An alias without its anchor, or too many aliases: name the alias's line.
    const name = /: (\S+)$/.exec((e as Error).message)?.[1];
    let line: number | undefined;
    visit(doc, {
      Alias(_, a) {
        if (!a.range || (name !== undefined && a.source !== name)) return undefined;
        line = lineCounter.linePos(a.range[0]).line;
        return visit.BREAK;
      },
    });
    const problem = /Unresolved alias/.exec((e as Error).message)
      ? `invalid YAML: ${(e as Error).message.replace(/^Unresolved alias \(the anchor must be set before the alias\): (.*)$/, 'the alias "*$1" has no "&$1" anchor before it')}`
      : `invalid YAML: ${(e as Error).message}`;
    throw ConfigError.at(file, undefined, problem, line);
  }
  return {
    data,
    format,
    lineOf(path) {
      // A field that is there: the line of its key (a section's value starts on the line below).
      const parent = path.length > 0 ? doc.getIn(path.slice(0, -1) as unknown[], true) : undefined;
      const last = path[path.length - 1];
      if (isMap(parent)) {
        const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
        if (pair && isNode(pair.key) && pair.key.range) return lineCounter.linePos(pair.key.range[0]).line;
      }
      // Else walk up until a node exists: a missing field is reported at its parent's line.
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n) as unknown[], true);
        if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
      }
      return undefined;
    },
  };
}

/**
 * Validate with zod and turn the first issue into a ConfigError naming file, line and field, what was expected and
 * what was found. `raw` is the same data before `$VAR` expansion, to say where an expanded value came from.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  file: string,
  doc?: LocatedDocument,
  basePath: PropertyKey[] = [],
  raw?: unknown,
): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const { path: at, problem } = describeIssue(schema, r.error.issues[0], data, { format: doc?.format, raw });
  const path = [...basePath, ...at];
  const extra = r.error.issues.length > 1 ? ` (and ${r.error.issues.length - 1} more problem(s))` : "";
  return fail(file, formatPath(path) || undefined, problem + extra, doc?.lineOf(path));
}

function fail(file: string, field: string | undefined, problem: string, line?: number): never {
  throw ConfigError.at(file, field, problem, line);
}
