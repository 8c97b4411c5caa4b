import { LineCounter, parseDocument, isNode } from "yaml";
import type { z } from "zod";
import { ConfigError, formatPath } from "./errors";

/** A parsed YAML or JSON document that can say on which line a field sits. */
export interface LocatedDocument {
  data: unknown;
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
}

/** Parse YAML (JSON is YAML too, but JSON files get JSON's stricter syntax check first). */
export function parseLocated(text: string, file: string, format: "yaml" | "json"): LocatedDocument {
  if (format === "json") {
    try {
      JSON.parse(text);
    } catch (e) {
      const msg = (e as Error).message;
      const pos = /position (\d+)/.exec(msg);
      const line = pos ? text.slice(0, Number(pos[1])).split("\n").length : undefined;
      throw ConfigError.at(file, undefined, `invalid JSON: ${msg}`, line);
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const err = doc.errors[0];
    const line = lineCounter.linePos(err.pos[0]).line;
    throw ConfigError.at(file, undefined, `invalid YAML: ${err.message.split("\n")[0]}`, line);
  }
  return {
    data: doc.toJS() ?? {},
    lineOf(path) {
      // Walk up until a node exists: a missing field is reported at its parent's line.
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n) as unknown[], true);
        if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
      }
      return undefined;
    },
  };
}

/** Validate with zod and turn the first issue into a ConfigError naming file, line and field. */
export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  file: string,
  doc?: LocatedDocument,
  basePath: PropertyKey[] = [],
): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  let path = [...basePath, ...issue.path];
  let problem = issue.message;
  if (issue.code === "unrecognized_keys") {
    // Point at the first unknown key itself, so the line is the one to fix.
    path = [...path, issue.keys[0]];
    problem =
      issue.keys.length === 1
        ? "unknown key"
        : `unknown key (also unknown: ${issue.keys
            .slice(1)
            .map((k) => `"${k}"`)
            .join(", ")})`;
  }
  if (issue.code === "invalid_type" && issue.message.includes("received undefined")) problem = "is required";
  const extra = r.error.issues.length > 1 ? ` (and ${r.error.issues.length - 1} more problem(s))` : "";
  return fail(file, formatPath(path) || undefined, problem + extra, doc?.lineOf(path));
}

function fail(file: string, field: string | undefined, problem: string, line?: number): never {
  throw ConfigError.at(file, field, problem, line);
}
