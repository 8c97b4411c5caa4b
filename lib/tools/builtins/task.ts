import { tool } from "@langchain/core/tools";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";

export const TaskArgsSchema = z.object({
  description: z.string().min(1).max(200).describe("A short (3-8 word) label for the task, shown to the user."),
  prompt: z
    .string()
    .min(1)
    .max(20_000)
    .describe("Everything the subagent needs: the goal, the inputs, and what to return. It sees nothing else."),
});
export type TaskArgs = z.infer<typeof TaskArgsSchema>;

/** Runs one subagent to completion and returns its final answer. Supplied by the agent layer. */
export type SubagentRunner = (args: TaskArgs, config: RunnableConfig) => Promise<string>;

export function createTaskTool(run: SubagentRunner) {
  return tool(async (args, config) => run(args, config), {
    name: "task",
    description:
      "Delegate a self-contained task to a subagent with its own context and tools. It returns only its " +
      "final answer. Use it for independent sub-problems; give it a complete prompt.",
    schema: TaskArgsSchema,
  });
}
