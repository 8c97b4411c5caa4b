import { z } from "zod";

/**
 * `call_tool`, the one tool through which promoted tools are called in the cache-stable binding mode
 * (`tool_search.binding: proxy`): the tools bound to the model never change, so a provider's prefix cache
 * keeps hitting. Its arguments name the promoted tool and carry that tool's own arguments.
 */
export const CALL_TOOL_NAME = "call_tool";

export const CallToolArgsSchema = z.object({
  name: z.string().min(1).describe("The exact name of a tool that tool_search loaded."),
  arguments: z
    .record(z.string(), z.unknown())
    .describe("The tool's arguments, as an object that fits the parameters tool_search returned for it."),
});
export type CallToolArgs = z.infer<typeof CallToolArgsSchema>;

export const CALL_TOOL_DESCRIPTION =
  "Call a deferred tool that tool_search has loaded: give its exact name and its arguments (an object that " +
  "fits the parameters tool_search returned for it). A tool that is not loaded is refused: search for it first.";

/** The tool a call_tool call is for, or null when its arguments do not name one. */
export function calledToolOf(args: unknown): string | null {
  const name = (args as { name?: unknown } | null)?.name;
  return typeof name === "string" && name.length > 0 ? name : null;
}

/** A call_tool call's arguments as the call of the tool they name, or null when they are not `{name, arguments}`. */
export function readCallTool(args: unknown): CallToolArgs | null {
  const parsed = CallToolArgsSchema.safeParse(args);
  return parsed.success ? parsed.data : null;
}
