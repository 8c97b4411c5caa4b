import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import type { LoadedConfig } from "@/lib/config";
import path from "node:path";
import { deferredToolFilterMiddleware } from "@/lib/deferred/filter";
import { autoThresholdTokens, resolveDeferPolicies } from "@/lib/deferred/policy";
import { assertFailClosed, buildDeferredSetup, type DeferredSetup } from "@/lib/deferred/setup";
import type { McpLoadResult } from "@/lib/mcp/types";
import { createEmbeddings } from "@/lib/models/embeddings";
import { createChatModel, type ModelFactoryOptions } from "@/lib/models/factory";
import { assembleTools } from "@/lib/tools/assemble";
import { builtinTools } from "@/lib/tools/builtins";
import type { SubagentRunner } from "@/lib/tools/builtins/task";
import { loadConfiguredTool } from "@/lib/tools/reflect";
import type { ShadowedTool, ToolRecord } from "@/lib/tools/types";
import { artifactsStateMiddleware } from "./middleware/artifacts";
import { danglingToolCallsMiddleware } from "./middleware/dangling-tool-calls";
import { modelSelectMiddleware } from "./middleware/model-select";
import { toolErrorsMiddleware } from "./middleware/tool-errors";
import { toolImagesMiddleware } from "./middleware/tool-images";
import { leadSystemPrompt } from "./prompt";
import { createSubagentRunner, type SubagentKit } from "./subagent";

/** Everything the lead agent was built from: the agent, and what the inventory shows. */
export interface BuiltAgent {
  agent: ReturnType<typeof createAgent>;
  /** Every tool the agent holds, tool_search included, with its source. */
  tools: ToolRecord[];
  shadowed: ShadowedTool[];
  setup: DeferredSetup;
  systemPrompt: string;
  warnings: string[];
}

export interface BuildOptions {
  config: LoadedConfig;
  mcp: McpLoadResult;
  checkpointer?: BaseCheckpointSaver;
  models?: ModelFactoryOptions;
  /** Supplies `task` when subagents are enabled. */
  subagentRunner?: SubagentRunner;
}

/** The three sources, merged: configured > built-in > MCP. */
export async function gatherTools(
  opts: BuildOptions,
): Promise<{ tools: ToolRecord[]; shadowed: ShadowedTool[]; warnings: string[] }> {
  const { app, paths, baseDir } = opts.config;
  const warnings: string[] = [];
  const configured: ToolRecord[] = [];
  for (const [i, entry] of app.tools.entries()) {
    const { tool, warning } = await loadConfiguredTool(entry, i, { file: paths.config, baseDir });
    if (warning) warnings.push(warning);
    configured.push({ tool, source: "config", server: null, group: entry.group ?? null });
  }
  const builtins: ToolRecord[] = builtinTools({
    supportsVision: app.models[0].supports_vision,
    subagentRunner: app.subagents.enabled ? opts.subagentRunner : undefined,
  }).map((tool) => ({ tool, source: "builtin", server: null, group: null }));
  const mcp: ToolRecord[] = opts.mcp.tools.map((e) => ({ tool: e.tool, source: "mcp", server: e.server, group: null }));
  for (const s of opts.mcp.servers) warnings.push(...s.warnings);
  const assembled = assembleTools({ configured, builtins, mcp });
  return { ...assembled, warnings };
}

/** Assemble tools, defer the MCP ones behind tool_search (fail-closed), and create the agent. */
export async function buildLeadAgent(opts: BuildOptions): Promise<BuiltAgent> {
  const { app } = opts.config;
  const kit: SubagentKit = {};
  const subagentRunner =
    opts.subagentRunner ??
    createSubagentRunner(kit, { maxConcurrent: app.subagents.max_concurrent, maxPerRun: app.subagents.max_per_run });
  const gathered = await gatherTools({ ...opts, subagentRunner });
  const emb = app.tool_search.embeddings;
  const hybrid = emb?.enabled
    ? { embeddings: createEmbeddings(emb, { fetch: opts.models?.embeddingsFetch }), weight: emb.weight }
    : undefined;
  const ts = app.tool_search;
  const policy = resolveDeferPolicies(opts.config.servers, opts.mcp.tools, path.basename(opts.config.paths.extensions));
  gathered.warnings.push(...policy.warnings);
  const setup = buildDeferredSetup(gathered.tools, {
    enabled: ts.enabled,
    maxResults: ts.max_results,
    hybrid,
    policies: policy.policies,
    autoThresholdTokens: autoThresholdTokens(ts.auto_threshold, app.models[0].context_window),
    listing: {
      setting: ts.listing,
      maxTokens: ts.listing_max_tokens,
      descriptions: new Map(
        opts.mcp.servers.filter((s) => s.description).map((s) => [s.name, s.description as string]),
      ),
    },
    promotion: {
      minRelativeScore: ts.min_relative_score,
      budget: { tokens: ts.promoted_budget_tokens, count: ts.promoted_max_tools },
    },
  });
  assertFailClosed(gathered.tools, app.tool_search.enabled, setup);

  let tools = gathered.tools;
  const shadowed = [...gathered.shadowed];
  if (setup.toolSearch) {
    // tool_search is reserved while deferral is on: anything else of that name would break the design.
    for (const t of tools.filter((r) => r.tool.name === setup.toolSearch?.name)) {
      shadowed.push({
        name: t.tool.name,
        source: t.source,
        server: t.server,
        shadowed_by: "builtin",
        shadowed_by_server: null,
      });
    }
    tools = [
      ...tools.filter((r) => r.tool.name !== setup.toolSearch?.name),
      { tool: setup.toolSearch, source: "builtin", server: null, group: null },
    ];
  }

  const models = new Map<string, BaseChatModel>();
  for (const m of app.models) models.set(m.name, await createChatModel(m, opts.models));
  const defaultModel = models.get(app.models[0].name) as BaseChatModel;
  const agentTools = tools.map((t) => t.tool);
  Object.assign(kit, { model: defaultModel, tools: agentTools, setup });
  const systemPrompt = leadSystemPrompt({ deferredSection: setup.listing?.section ?? "" });
  const agent = createAgent({
    model: defaultModel,
    tools: agentTools,
    systemPrompt,
    middleware: [
      danglingToolCallsMiddleware(),
      modelSelectMiddleware(models),
      deferredToolFilterMiddleware({ deferredNames: setup.deferredNames, toolHashes: setup.toolHashes }),
      // Inside the filter: a blocked call never reaches a tool, and a tool that throws becomes an error result.
      toolErrorsMiddleware(),
      artifactsStateMiddleware(),
      ...(app.models.some((m) => m.supports_vision) ? [toolImagesMiddleware()] : []),
    ],
    checkpointer: opts.checkpointer,
  });
  return { agent, tools, shadowed, setup, systemPrompt, warnings: gathered.warnings };
}
