import { ToolMessage } from "@langchain/core/messages";
import { isGraphBubbleUp } from "@langchain/langgraph";
import { createMiddleware } from "langchain";

const MAX_ERROR_TEXT = 2000;

/** The error text the model sees for a tool that threw: names the tool, keeps the cause, bounded. */
export function toolErrorText(name: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Error: tool "${name}" failed: ${message}`.slice(0, MAX_ERROR_TEXT);
}

/**
 * A tool that throws (an MCP server that crashed or timed out, bad arguments, a bug) becomes an
 * error result the model can react to, instead of failing the whole run. Interrupts and
 * cancellation still propagate: they are control flow, not failures.
 */
export function toolErrorsMiddleware() {
  return createMiddleware({
    name: "ToolErrors",
    wrapToolCall: async (request, handler) => {
      try {
        return await handler(request);
      } catch (e) {
        if (isGraphBubbleUp(e) || request.runtime.signal?.aborted) throw e;
        const name = request.toolCall.name;
        return new ToolMessage({
          content: toolErrorText(name, e),
          tool_call_id: request.toolCall.id ?? "",
          name,
          status: "error",
        });
      }
    },
  });
}
