import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { humanInTheLoopMiddleware, type InterruptOnConfig } from "langchain";
import { type DeferredFilterOptions, hiddenToolNames, PromotedStateSchema } from "@/lib/deferred/filter";
import type { Promoted } from "@/lib/deferred/promoted";
import { z } from "zod";
import { CALL_TOOL_NAME, CallToolArgsSchema, calledToolOf } from "@/lib/contracts/call-tool";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import type { ApprovalRule } from "./approval-policy";

export interface ApprovalOptions {
  /** The tools whose calls wait for a person (see approval-policy.ts). */
  rules: ReadonlyMap<string, ApprovalRule>;
  /** Every tool the agent holds: the request carries each gated tool's JSON schema, so an edit can be checked. */
  tools: readonly StructuredToolInterface[];
  /** The deferred filter's view: a call it will block anyway is not put to the person first. */
  deferred: DeferredFilterOptions;
}

/**
 * Approvals on LangChain's humanInTheLoopMiddleware: after the model answers, the calls to gated tools pause the
 * run with one interrupt listing them; the person approves, edits or rejects each (lib/contracts/approval.ts).
 * A call to a deferred tool that is not promoted is left to the deferred filter, which blocks it without asking.
 */
export function approvalMiddleware(opts: ApprovalOptions) {
  const schemas = new Map(
    opts.tools.filter((t) => opts.rules.has(t.name)).map((t) => [t.name, toOpenAIDefinition(t).function.parameters]),
  );
  const interruptOn: Record<string, InterruptOnConfig> = {};
  for (const [name, rule] of opts.rules) {
    interruptOn[name] = {
      allowedDecisions: ["approve", "edit", "reject"],
      description: rule.reason,
      argsSchema: schemas.get(name),
      when: ({ state }) => !hiddenToolNames(opts.deferred, (state as { promoted?: Promoted }).promoted).has(name),
    };
  }
  if (opts.deferred.proxy) interruptOn[CALL_TOOL_NAME] = callToolGate(opts);
  const hitl = humanInTheLoopMiddleware({ interruptOn });
  // Without a context schema the middleware reads no run context: a client's `context: {interruptOn: {}}`
  // would otherwise switch approvals off for its run.
  // The promotions are read by `when`: a middleware node sees only the state its schema declares.
  return { ...hitl, contextSchema: undefined, stateSchema: PromotedStateSchema };
}

/**
 * Proxy mode: a call_tool call waits exactly when a direct call of the tool it names would (that tool is gated
 * and promoted; an unpromoted one is refused without asking). The person sees why, and may edit the arguments;
 * an edit may not change which tool is called (lib/contracts/approval.ts).
 */
function callToolGate(opts: ApprovalOptions): InterruptOnConfig {
  const target = (args: unknown) => calledToolOf(args) ?? "";
  return {
    allowedDecisions: ["approve", "edit", "reject"],
    description: (toolCall) => {
      const name = target(toolCall.args);
      return `${opts.rules.get(name)?.reason ?? `${name} needs approval.`} (called through ${CALL_TOOL_NAME})`;
    },
    argsSchema: z.toJSONSchema(CallToolArgsSchema, { target: "draft-7" }) as Record<string, unknown>,
    when: ({ toolCall, state }) => {
      const name = target(toolCall.args);
      return (
        opts.rules.has(name) && !hiddenToolNames(opts.deferred, (state as { promoted?: Promoted }).promoted).has(name)
      );
    },
  };
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
