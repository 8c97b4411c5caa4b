import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";

/**
 * A data file's text read against its schema, or an error naming the file and what is wrong: "not JSON (…)", or
 * the first issue at the place `where` describes (a field, an entry).
 */
export function parseJsonText<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  where: (path: string) => string,
): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${where(issue.path.join("."))}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * A shipped data file (`relative` to the app's root, as WordNet's is), read and parsed on first use and kept for the
 * process: the first root read is the one kept, and a file that fails to parse is read again next time.
 */
export function readOnce<T>(relative: string, parse: (text: string, file: string) => T): (root?: string) => T {
  let shared: { value: T } | null = null;
  return (root = process.cwd()) => {
    if (!shared) {
      const file = path.join(root, relative);
      shared = { value: parse(readFileSync(file, "utf8"), file) };
    }
    return shared.value;
  };
}
