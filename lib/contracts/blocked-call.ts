import { z } from "zod";

/**
 * The deferred-tool filter refuses a call to a deferred tool that is not promoted. The ToolMessage it
 * answers with carries the design's text for the model and this marker as its `artifact` for programs
 * (the chat UI, the CLI): they read the marker, never the text. `artifact` stays out of what is sent to
 * a model, so the text alone tells the model what to do.
 */
export const BlockedCallSchema = z.object({
  kind: z.literal("deferred_tool_blocked"),
  /** The refused tool. */
  tool: z.string(),
  /** The tool_search query that promotes it. */
  query: z.string(),
});
export type BlockedCall = z.infer<typeof BlockedCallSchema>;

export function blockedCall(tool: string): BlockedCall {
  return { kind: "deferred_tool_blocked", tool, query: `select:${tool}` };
}

/** The design's wording first (clients and people search for it), then how to recover. */
export function blockedCallText(tool: string): string {
  return `Error: Tool ${tool} is deferred and has not been promoted yet. Call tool_search first, e.g. with the query "${blockedCall(tool).query}", then call it.`;
}

/** The marker of a tool result, or null when the result is not a refused deferred call. */
export function blockedCallOf(message: { artifact?: unknown }): BlockedCall | null {
  const parsed = BlockedCallSchema.safeParse(message.artifact);
  return parsed.success ? parsed.data : null;
}
