import { toolErrorMiddleware } from "langchain";

const MAX_ERROR_TEXT = 2000;

/** The error text the model sees for a tool that threw: names the tool, keeps the cause, bounded. */
export function toolErrorText(name: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Error: tool "${name}" failed: ${message}`.slice(0, MAX_ERROR_TEXT);
}

/**
 * A tool that throws (an MCP server that crashed or timed out, bad arguments, a bug) becomes an error
 * result the model can react to, instead of failing the whole run. LangChain's toolErrorMiddleware does
 * the catching (interrupts and other control flow always propagate); a cancelled run propagates too.
 */
export function toolErrorsMiddleware() {
  return toolErrorMiddleware({
    onError: (error, request) =>
      request.runtime.signal?.aborted ? undefined : toolErrorText(request.toolCall.name, error),
  });
}
