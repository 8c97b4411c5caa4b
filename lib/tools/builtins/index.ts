import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ToolContext } from "@/lib/tools/context";
import { askClarificationTool } from "./ask-clarification";
import { presentFilesTool } from "./present-files";
import { createTaskTool, type SubagentRunner } from "./task";
import { viewImageTool } from "./view-image";

export interface BuiltinOptions {
  /** Set when subagents are enabled: `task` is offered only then. */
  subagentRunner?: SubagentRunner;
  /** The active model can see images: `view_image` is offered only then. */
  supportsVision: boolean;
  /** The sandbox the file tools (present_files, view_image) read from. */
  toolContext: ToolContext;
}

/** The built-in tools for these conditions, in a stable order. */
export function builtinTools(opts: BuiltinOptions): StructuredToolInterface[] {
  const tools: StructuredToolInterface[] = [presentFilesTool(opts.toolContext), askClarificationTool];
  if (opts.subagentRunner) tools.push(createTaskTool(opts.subagentRunner));
  if (opts.supportsVision) tools.push(viewImageTool(opts.toolContext));
  return tools;
}
