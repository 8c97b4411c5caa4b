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
