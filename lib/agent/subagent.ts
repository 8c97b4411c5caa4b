import { AIMessage, HumanMessage } from "@langchain/core/messages";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { deferredToolFilterMiddleware } from "@/lib/deferred/filter";
import { toolErrorsMiddleware } from "./middleware/tool-errors";
import { deferredToolsPromptSection } from "@/lib/deferred/prompt";
import { type DeferredSetup, filterOptionsFor } from "@/lib/deferred/setup";
import type { SubagentRunner, TaskArgs } from "@/lib/tools/builtins/task";

/** What a subagent is built from: the lead's model, its tools (lead-only ones are dropped here) and its deferral. */
export interface SubagentKit {
  model: BaseChatModel;
  tools: StructuredToolInterface[];
  setup: DeferredSetup;
}

export interface SubagentLimits {
  maxConcurrent: number;
  maxPerRun: number;
}

/** Tools a subagent never gets: no recursion, and no pausing the lead's run for a question. */
const LEAD_ONLY = new Set(["task", "ask_clarification"]);

export class SubagentLimitError extends Error {}

/**
 * `task`: run a subagent on its own fresh state (its promotions never reach the lead's thread),
 * with the lead's tools minus lead-only ones, streaming progress as `custom` events.
 */
export function createSubagentRunner(kit: SubagentKit, limits: SubagentLimits): SubagentRunner {
  const subagentTools = kit.tools.filter((t) => !LEAD_ONLY.has(t.name));
  const active = new Map<string, number>();
  const total = new Map<string, number>();
  return async (args: TaskArgs, config: RunnableConfig) => {
    // Limits are per run: the API and the CLI stamp a run_id in the run's metadata.
    const runKey = String(
      config.metadata?.run_id ?? config.configurable?.run_id ?? config.configurable?.thread_id ?? "default",
    );
    if (total.size > 1000) total.delete(total.keys().next().value as string);
    const id = (config as { toolCall?: { id?: string } }).toolCall?.id ?? "";
    const writer = (config as { writer?: (chunk: unknown) => void }).writer;
    const emit = (status: string, detail?: string) =>
      writer?.({ type: "subtask", id, description: args.description, status, detail });
    if ((total.get(runKey) ?? 0) >= limits.maxPerRun) {
      return `Error: the subagent limit of ${limits.maxPerRun} tasks per run is reached; finish with what you have.`;
    }
    if ((active.get(runKey) ?? 0) >= limits.maxConcurrent) {
      return `Error: ${limits.maxConcurrent} subagents are already running; wait for one to finish before starting another.`;
    }
    total.set(runKey, (total.get(runKey) ?? 0) + 1);
    active.set(runKey, (active.get(runKey) ?? 0) + 1);
    emit("running");
    try {
      const { setup } = kit;
      const agent = createAgent({
        model: kit.model,
        tools: subagentTools,
        systemPrompt: [
          "You are a subagent of Fawn. Complete the task you are given and reply with the result only.",
          setup.listing?.section ?? deferredToolsPromptSection(setup.deferredNames),
        ].join("\n"),
        middleware: [deferredToolFilterMiddleware(filterOptionsFor(setup, subagentTools)), toolErrorsMiddleware()],
      });
      // A fresh config: no checkpointer and no parent thread, so nothing of the subagent's state is saved to the lead's.
      const out = await agent.invoke(
        { messages: [new HumanMessage(args.prompt)] },
        { signal: config.signal, recursionLimit: 30 },
      );
      const last = [...out.messages].reverse().find((m) => AIMessage.isInstance(m));
      const text = typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
      emit("done", text.slice(0, 500));
      return text || "(the subagent returned no answer)";
    } catch (e) {
      emit("error", (e as Error).message);
      throw e;
    } finally {
      active.set(runKey, (active.get(runKey) ?? 1) - 1);
    }
  };
}
