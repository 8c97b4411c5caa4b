import type { StructuredToolInterface } from "@langchain/core/tools";
import { askClarificationTool } from "./ask-clarification";
import { presentFilesTool } from "./present-files";
import { createTaskTool, type SubagentRunner } from "./task";
import { viewImageTool } from "./view-image";
import { type OpenAIFunctionDef, toOpenAIDefinition } from "@/lib/tools/openai-def";

export interface BuiltinOptions {
  /** Set when subagents are enabled: `task` is offered only then. */
  subagentRunner?: SubagentRunner;
  /** The active model can see images: `view_image` is offered only then. */
  supportsVision: boolean;
}

/** The built-in tools for these conditions, in a stable order. */
export function builtinTools(opts: BuiltinOptions): StructuredToolInterface[] {
  const tools: StructuredToolInterface[] = [presentFilesTool, askClarificationTool];
  if (opts.subagentRunner) tools.push(createTaskTool(opts.subagentRunner));
  if (opts.supportsVision) tools.push(viewImageTool);
  return tools;
}

/** OpenAI definitions of the built-ins bound on every call under the default conditions (for the token benchmark). */
export function builtinToolDefinitions(opts: BuiltinOptions = { supportsVision: false }): OpenAIFunctionDef[] {
  return builtinTools(opts).map(toOpenAIDefinition);
}
