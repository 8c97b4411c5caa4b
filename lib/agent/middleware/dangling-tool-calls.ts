import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";

export const INTERRUPTED_CALL_TEXT =
  "Error: this tool call did not return (the run was cancelled or the server stopped before it finished). Call it again if it is still needed.";

/**
 * A cancelled or killed run can leave an AI message whose tool calls have no results; OpenAI-style
 * APIs then reject every later turn. Fill each gap with an error result, for the model call only.
 */
export function patchDanglingToolCalls(messages: BaseMessage[]): BaseMessage[] {
  const answered = new Set(
    messages.filter((m) => ToolMessage.isInstance(m)).map((m) => (m as ToolMessage).tool_call_id),
  );
  let patched: BaseMessage[] | null = null;
  messages.forEach((m, i) => {
    const missing = AIMessage.isInstance(m) ? (m.tool_calls ?? []).filter((c) => c.id && !answered.has(c.id)) : [];
    if (missing.length === 0) {
      patched?.push(m);
      return;
    }
    patched ??= messages.slice(0, i);
    patched.push(
      m,
      ...missing.map(
        (c) =>
          new ToolMessage({
            tool_call_id: c.id as string,
            name: c.name,
            status: "error",
            content: INTERRUPTED_CALL_TEXT,
          }),
      ),
    );
  });
  return patched ?? messages;
}

export function danglingToolCallsMiddleware() {
  return createMiddleware({
    name: "DanglingToolCalls",
    wrapModelCall: (request, handler) => {
      const messages = patchDanglingToolCalls(request.messages);
      return handler(messages === request.messages ? request : { ...request, messages });
    },
  });
}
