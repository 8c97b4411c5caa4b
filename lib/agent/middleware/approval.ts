import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { createMiddleware, humanInTheLoopMiddleware, type InterruptOnConfig } from "langchain";
import { DECISION_TYPES } from "@/lib/contracts/approval";
import { type DeferredFilterOptions, hiddenToolNames, PromotedStateSchema } from "@/lib/deferred/filter";
import type { Promoted } from "@/lib/deferred/promoted";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import type { ApprovalRule } from "./approval-policy";
import { type GatedCall, gateDescription, gatedCall, throughCallTool } from "./approval-gate";

export interface ApprovalOptions {
  /** The tools whose calls wait for a person (see approval-policy.ts). */
  rules: ReadonlyMap<string, ApprovalRule>;
  /** Every tool the agent holds: the request carries each gated tool's JSON schema, so an edit can be checked. */
  tools: readonly StructuredToolInterface[];
  /** The deferred filter's view: a call it will block anyway is not put to the person first. */
  deferred: DeferredFilterOptions;
}

type HitlHook = (state: { messages: BaseMessage[] }, runtime: unknown) => Promise<unknown>;

/** The afterModel hook of a humanInTheLoopMiddleware (an object with `hook`, in langchain 1.5). */
function hookOf(mw: ReturnType<typeof humanInTheLoopMiddleware>): HitlHook {
  const after = mw.afterModel as unknown as HitlHook | { hook: HitlHook };
  return typeof after === "function" ? after : after.hook;
}

function withToolCalls(m: AIMessage, toolCalls: ToolCall[]): AIMessage {
  return new AIMessage({
    content: m.content,
    id: m.id,
    name: m.name,
    additional_kwargs: m.additional_kwargs,
    response_metadata: m.response_metadata,
    usage_metadata: m.usage_metadata,
    invalid_tool_calls: m.invalid_tool_calls,
    tool_calls: toolCalls,
  });
}

/**
 * Approvals on LangChain's humanInTheLoopMiddleware: after the model answers, the calls to gated tools pause the
 * run with one interrupt listing them; the person approves, edits or rejects each (lib/contracts/approval.ts).
 * Which calls wait is decided per call for the tool that would run (approval-gate.ts): in proxy mode a call_tool
 * call is asked about as the call of the tool it names, with its arguments and that tool's schema, and goes back
 * through call_tool as decided. A call to a deferred tool that is not promoted is left to the deferred filter,
 * which blocks it without asking. Only this code decides what waits: no run context is read, so a client's
 * `context: {interruptOn: {}}` cannot switch approvals off.
 */
export function approvalMiddleware(opts: ApprovalOptions) {
  const schemas = new Map(
    opts.tools.filter((t) => opts.rules.has(t.name)).map((t) => [t.name, toOpenAIDefinition(t).function.parameters]),
  );
  // Through call_tool, the arguments are checked against the schema tool_search gave the model (proxy.ts).
  const schemaOf = (call: GatedCall) =>
    (call.via ? opts.deferred.proxy?.schemas.get(call.name) : undefined) ?? schemas.get(call.name);
  return createMiddleware({
    // The name of the graph node a pending approval waits in: kept, so threads paused before still resume.
    name: "HumanInTheLoopMiddleware",
    // The promotions decide what is hidden: a middleware node sees only the state its schema declares.
    stateSchema: PromotedStateSchema,
    afterModel: {
      canJumpTo: ["model"],
      hook: async (state, runtime) => {
        const messages = state.messages as BaseMessage[];
        const at = messages.findLastIndex((m) => AIMessage.isInstance(m));
        const last = at >= 0 ? (messages[at] as AIMessage) : undefined;
        if (!last?.tool_calls?.length) return;
        const ctx = {
          rules: opts.rules,
          hidden: hiddenToolNames(opts.deferred, (state as { promoted?: Promoted }).promoted),
          proxy: opts.deferred.proxy !== undefined,
        };
        const gated = new Map<string, GatedCall>();
        for (const call of last.tool_calls) {
          const g = gatedCall(call, ctx);
          if (g) gated.set(g.id, g);
        }
        if (gated.size === 0) return;
        const waits = (call: { id?: string }) => gated.get(call.id ?? "");
        // humanInTheLoopMiddleware asks about calls by their tool's name: it is shown the real tool's call.
        const shown = withToolCalls(
          last,
          last.tool_calls.map((c) => {
            const g = waits(c);
            return g?.via ? { ...c, name: g.name, args: g.args } : c;
          }),
        );
        const interruptOn: Record<string, InterruptOnConfig> = {};
        for (const g of gated.values()) {
          interruptOn[g.name] ??= {
            allowedDecisions: [...DECISION_TYPES],
            description: (call) => gateDescription(waits(call) ?? g),
            argsSchema: schemaOf(g),
            when: ({ toolCall }) => waits(toolCall) !== undefined,
          };
        }
        const hitl = hookOf(humanInTheLoopMiddleware({ interruptOn }));
        const out = (await hitl(
          { ...state, messages: [...messages.slice(0, at), shown, ...messages.slice(at + 1)] },
          { ...(runtime as object), context: undefined },
        )) as { messages: BaseMessage[]; jumpTo?: "model" } | undefined;
        if (!out) return;
        const [decided, ...results] = out.messages;
        const calls = ((decided as AIMessage).tool_calls ?? []).map((c) => {
          const g = waits(c);
          return g?.via ? throughCallTool(g, c) : c;
        });
        return { messages: [withToolCalls(last, calls), ...results], ...(out.jumpTo ? { jumpTo: out.jumpTo } : {}) };
      },
    },
  });
}

/**
 * The same tool for a subagent, which has no one to ask: a gated call returns an error the subagent can report,
 * and never runs. (A subagent's state is not checkpointed, so it cannot pause for a person.)
 */
export function gatedForSubagents(t: StructuredToolInterface): StructuredToolInterface {
  return tool(
    async () =>
      `Error: ${t.name} needs the user's approval, which a subagent cannot ask for. It did not run. ` +
      `Say in your answer what you would run with ${t.name}, so the lead agent can do it.`,
    { name: t.name, description: t.description, schema: t.schema as Record<string, unknown> },
  );
}
