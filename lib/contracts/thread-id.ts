import { z } from "zod";

/**
 * The one definition of a thread id, for the LangGraph API, Fawn's own routes, the CLI and the sandbox
 * (where the id names the thread's folder). UUIDs from the SDK, or any id a client picks from this alphabet;
 * the first character is a letter or digit, so an id is never `.`, `..` or a hidden name.
 */
export const THREAD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export const ThreadIdSchema = z
  .string()
  .regex(
    THREAD_ID_PATTERN,
    "must be 1-128 characters of letters, digits, '.', '_', ':' or '-', starting with a letter or digit",
  );
export type ThreadId = z.infer<typeof ThreadIdSchema>;

export function isThreadId(value: unknown): value is ThreadId {
  return ThreadIdSchema.safeParse(value).success;
}
