import { z } from "zod";

/**
 * tool_search's answer, the text of its tool message (written by lib/deferred/promotion.ts `searchResultText`):
 * the loaded tools' OpenAI function definitions as a JSON array (the design's format), or, when some matches
 * were only named, the matches were weak or some alternatives answered with text, an object with those too.
 * Read by the chat's search card, the offline demo model and anything else that shows what a search loaded.
 * A search that finds nothing, or fails, answers with plain text instead.
 */

/** One loaded tool's function definition; its parameters (and any other field) are kept as they are. */
export const ToolSearchFunctionSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().nullable().optional(),
});
export type ToolSearchFunction = z.infer<typeof ToolSearchFunctionSchema>;

/** A loaded tool as written: a bare function definition, or wrapped as `{type: "function", function}`; read bare. */
const LoadedToolSchema = z.union([
  z.object({ type: z.literal("function"), function: ToolSearchFunctionSchema }).transform((t) => t.function),
  ToolSearchFunctionSchema,
]);

export const ToolSearchAnswerObjectSchema = z.object({
  tools: z.array(LoadedToolSchema),
  /** Matches only named, not loaded (weaker, or over the promoted-tools budget): the model can select them. */
  not_loaded: z
    .array(
      z.object({ name: z.string().min(1), description: z.string().nullable().optional(), why: z.string().optional() }),
    )
    .optional(),
  /** When even the best match is weak: other tools near the query, with their servers (not loaded). */
  closest: z.array(z.object({ name: z.string().min(1), server: z.string().nullable().optional() })).optional(),
  /** Text answers of some alternatives (a server listing, an unknown server). */
  notes: z.array(z.string()).optional(),
  /** What the model is told about the answer (what was loaded, how to load another). */
  note: z.string().optional(),
});

/** Either form; read, the bare array becomes `{tools}`, so a reader handles one shape. */
export const ToolSearchAnswerSchema = z.union([
  z.array(LoadedToolSchema).transform((tools): z.output<typeof ToolSearchAnswerObjectSchema> => ({ tools })),
  ToolSearchAnswerObjectSchema,
]);
/** The answer as tool_search writes it. */
export type ToolSearchAnswer = z.input<typeof ToolSearchAnswerSchema>;
/** The answer as read: always the object form, every tool a bare function definition. */
export type ToolSearchAnswerRead = z.output<typeof ToolSearchAnswerSchema>;

/** The answer in a tool_search result's text; null for a text answer (no match, an error) or any other shape. */
export function readToolSearchAnswer(text: string): ToolSearchAnswerRead | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ToolSearchAnswerSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
