import type { ToolCall } from "@langchain/core/messages/tool";
import { ToolMessage } from "@langchain/core/messages";
import { type StructuredToolInterface, tool } from "@langchain/core/tools";
import { checkArgs } from "@/lib/contracts/approval";
import { blockedCall, blockedCallText } from "@/lib/contracts/blocked-call";
import { CALL_TOOL_DESCRIPTION, CALL_TOOL_NAME, CallToolArgsSchema } from "@/lib/contracts/call-tool";

/**
 * The cache-stable binding mode (`tool_search.binding: proxy`). The tools bound to the model never change:
 * the always-bound ones, tool_search and `call_tool`. A promoted tool is called as
 * `call_tool({name, arguments})`; the deferred-tool filter resolves that here to the real tool, which then
 * runs as if the model had called it by name: the same promotion check (an unpromoted tool is refused with
 * the same text and marker), the same use stamp, the same approvals (lib/agent/middleware/approval.ts gates
 * call_tool by the tool it names), and its arguments checked against the schema the model was given.
 */
export interface ProxyOptions {
  /** The agent's own tools by name (a subagent's gated stand-ins included), for running the real one. */
  tools: ReadonlyMap<string, StructuredToolInterface>;
  /** Each deferred tool's parameters as tool_search returned them. */
  schemas: ReadonlyMap<string, Record<string, unknown>>;
}

/** call_tool as bound to the model. It never runs itself: the filter swaps in the tool it names. */
export function createCallTool(): StructuredToolInterface {
  return tool(
    async () => {
      throw new Error(`${CALL_TOOL_NAME} can only run through the deferred-tool filter`);
    },
    { name: CALL_TOOL_NAME, description: CALL_TOOL_DESCRIPTION, schema: CallToolArgsSchema },
  );
}

export type ResolvedCall =
  | { ok: true; name: string; toolCall: ToolCall; tool: StructuredToolInterface }
  | { ok: false; message: ToolMessage };

const refuse = (call: ToolCall, content: string, artifact?: unknown): ResolvedCall => ({
  ok: false,
  message: new ToolMessage({ content, artifact, tool_call_id: call.id ?? "", name: CALL_TOOL_NAME, status: "error" }),
});

/**
 * A call_tool call as the call of the tool it names, or the error result that answers it instead (the tool
 * never runs): arguments that are not `{name, arguments}`, a name that is not a deferred tool, a deferred
 * tool that is not promoted (`hidden`), or arguments that do not fit its schema.
 */
export function resolveCallTool(
  call: ToolCall,
  opts: { deferredNames: ReadonlySet<string>; hidden: ReadonlySet<string>; proxy: ProxyOptions },
): ResolvedCall {
  const parsed = CallToolArgsSchema.safeParse(call.args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(
      call,
      `Error: ${CALL_TOOL_NAME} needs {"name": "<tool>", "arguments": {…}}: field "${issue?.path.join(".") || "arguments"}": ${issue?.message ?? "invalid"}.`,
    );
  }
  const { name, arguments: args } = parsed.data;
  if (!opts.deferredNames.has(name)) {
    return refuse(
      call,
      opts.proxy.tools.has(name) && name !== CALL_TOOL_NAME
        ? `Error: ${name} is not a deferred tool: call it directly, not through ${CALL_TOOL_NAME}.`
        : `Error: there is no deferred tool named "${name}". Find it with tool_search first.`,
    );
  }
  if (opts.hidden.has(name)) return refuse(call, blockedCallText(name), blockedCall(name));
  const real = opts.proxy.tools.get(name);
  if (!real) return refuse(call, blockedCallText(name), blockedCall(name));
  const problem = checkArgs(args, opts.proxy.schemas.get(name));
  if (problem) {
    return refuse(
      call,
      `Error: the arguments for ${name} do not fit its parameters: ${problem}. It did not run; call it again with arguments that fit.`,
    );
  }
  return { ok: true, name, toolCall: { ...call, name, args }, tool: real };
}
