import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import type { LoadedConfig } from "@/lib/config";
import path from "node:path";
import { deferredToolFilterMiddleware } from "@/lib/deferred/filter";
import { autoThresholdTokens, resolveDeferPolicies } from "@/lib/deferred/policy";
import { prefetchMiddleware } from "@/lib/deferred/prefetch";
import { assertFailClosed, buildDeferredSetup, type DeferredSetup, filterOptionsFor } from "@/lib/deferred/setup";
import type { McpLoadResult } from "@/lib/mcp/types";
import { createEmbeddings } from "@/lib/models/embeddings";
import { createChatModel, type ModelFactoryOptions } from "@/lib/models/factory";
import { assembleTools } from "@/lib/tools/assemble";
import { builtinTools } from "@/lib/tools/builtins";
import type { SubagentRunner } from "@/lib/tools/builtins/task";
import { type ToolContext, toolContextFor } from "@/lib/tools/context";
import { loadConfiguredTool } from "@/lib/tools/reflect";
import type { ShadowedTool, ToolRecord } from "@/lib/tools/types";
import { approvalMiddleware, gatedForSubagents } from "./middleware/approval";
import { type ApprovalRule, approvalPolicy } from "./middleware/approval-policy";
import { artifactsStateMiddleware } from "./middleware/artifacts";
import { danglingToolCallsMiddleware } from "./middleware/dangling-tool-calls";
import { modelSelectMiddleware } from "./middleware/model-select";
import { toolCallBoundsMiddleware } from "./middleware/tool-call-bounds";
import { toolErrorsMiddleware } from "./middleware/tool-errors";
import { toolImagesMiddleware } from "./middleware/tool-images";
import { leadSystemPrompt } from "./prompt";
import { createSubagentRunner } from "./subagent";
import { sandboxConfigWarnings, sandboxToolOffer } from "@/lib/sandbox/offer";

/** Everything the lead agent was built from: the agent, and what the inventory shows. */
export interface BuiltAgent {
  agent: ReturnType<typeof createAgent>;
  /** Every tool the agent holds, tool_search included, with its source. */
  tools: ToolRecord[];
  shadowed: ShadowedTool[];
  setup: DeferredSetup;
  systemPrompt: string;
  /** The tools whose calls wait for a person, with why. */
  approvals: ReadonlyMap<string, ApprovalRule>;
  warnings: string[];
}

export interface BuildOptions {
  config: LoadedConfig;
  mcp: McpLoadResult;
  checkpointer?: BaseCheckpointSaver;
  models?: ModelFactoryOptions;
  /** Supplies `task` when subagents are enabled; by default a runner over the lead's own tools and model. */
  subagentRunner?: SubagentRunner;
  /** What the tools are built with (the sandbox); by default the one the configuration describes. */
  toolContext?: ToolContext;
  /** Called with the names a search or prefetch promotes (the runtime starts their lazy MCP servers). */
  onPromote?: (names: readonly string[]) => void;
  /** Warnings of the caller's own (e.g. MCP lifecycles), shown with the agent's. */
  warnings?: string[];
}

interface ToolSources {
  toolContext: ToolContext;
  configured: ToolRecord[];
  mcp: ToolRecord[];
  warnings: string[];
}

/** Configured tools (loaded by reflection) and MCP tools, with the warnings they raised. */
async function loadToolSources(opts: BuildOptions): Promise<ToolSources> {
  const { app, paths, baseDir } = opts.config;
  const toolContext = opts.toolContext ?? toolContextFor(opts.config);
  const warnings: string[] = sandboxConfigWarnings(opts.config);
  const configured: ToolRecord[] = [];
  for (const [i, entry] of app.tools.entries()) {
    const line = opts.config.useLines?.tools[i];
    const { tool, warning } = await loadConfiguredTool(entry, i, { file: paths.config, line, baseDir, toolContext });
    if (warning) warnings.push(warning);
    // bash is withheld when it is off or bubblewrap cannot run here, never moved to the host.
    const offer = await sandboxToolOffer(tool, opts.config);
    if (offer.warning) warnings.push(offer.warning);
    if (!offer.offer) continue;
    configured.push({ tool, source: "config", server: null, group: entry.group ?? null });
  }
  const mcp: ToolRecord[] = opts.mcp.tools.map((e) => ({ tool: e.tool, source: "mcp", server: e.server, group: null }));
  for (const s of opts.mcp.servers) warnings.push(...s.warnings);
  return { toolContext, configured, mcp, warnings };
}

/** The three sources merged (configured > built-in > MCP), with `task` among the built-ins when a runner is given. */
function assemble(sources: ToolSources, app: LoadedConfig["app"], subagentRunner?: SubagentRunner) {
  const builtins: ToolRecord[] = builtinTools({
    supportsVision: app.models[0].supports_vision,
    subagentRunner,
    toolContext: sources.toolContext,
  }).map((tool) => ({ tool, source: "builtin", server: null, group: null }));
  return assembleTools({ configured: sources.configured, builtins, mcp: sources.mcp });
}

/** tool_search (and call_tool in proxy mode) are reserved while deferral is on: anything else of that name is shadowed. */
function withToolSearch(
  assembled: { tools: ToolRecord[]; shadowed: ShadowedTool[] },
  setup: DeferredSetup,
): { tools: ToolRecord[]; shadowed: ShadowedTool[] } {
  const own = [setup.toolSearch, setup.callTool].filter((t): t is NonNullable<typeof t> => t !== null);
  if (own.length === 0) return assembled;
  const reserved = new Set(own.map((t) => t.name));
  const taken = assembled.tools.filter((r) => reserved.has(r.tool.name));
  return {
    tools: [
      ...assembled.tools.filter((r) => !reserved.has(r.tool.name)),
      ...own.map((tool): ToolRecord => ({ tool, source: "builtin", server: null, group: null })),
    ],
    shadowed: [
      ...assembled.shadowed,
      ...taken.map((t) => ({
        name: t.tool.name,
        source: t.source,
        server: t.server,
        shadowed_by: "builtin" as const,
        shadowed_by_server: null,
      })),
    ],
  };
}

/**
 * Assemble tools, defer the MCP ones behind tool_search (fail-closed), and create the agent. The subagent
 * runner is built with everything it needs (model, tools, deferral) before `task` joins the lead's tools:
 * a subagent gets the lead's tools minus the lead-only ones, so the tools without `task` are exactly its own.
 */
export async function buildLeadAgent(opts: BuildOptions): Promise<BuiltAgent> {
  const { app } = opts.config;
  const sources = await loadToolSources(opts);
  const base = assemble(sources, app);
  const emb = app.tool_search.embeddings;
  const hybrid = emb?.enabled
    ? { embeddings: createEmbeddings(emb, { fetch: opts.models?.embeddingsFetch }), weight: emb.weight }
    : undefined;
  const ts = app.tool_search;
  const policy = resolveDeferPolicies(opts.config.servers, opts.mcp.tools, path.basename(opts.config.paths.extensions));
  sources.warnings.push(...policy.warnings);
  const setup = buildDeferredSetup(base.tools, {
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
    binding: ts.binding,
    techniques: ts.techniques,
    onPromote: opts.onPromote,
  });
  sources.warnings.push(...(opts.warnings ?? []));
  assertFailClosed(base.tools, app.tool_search.enabled, setup);

  const models = new Map<string, BaseChatModel>();
  for (const [index, m] of app.models.entries()) {
    const place = { file: opts.config.paths.config, index, line: opts.config.useLines?.models[index] };
    models.set(m.name, await createChatModel(m, opts.models, place));
  }
  const defaultModel = models.get(app.models[0].name) as BaseChatModel;
  // Subagents get the lead's tools minus the lead-only ones, with the gated ones replaced by stand-ins
  // that refuse (a subagent has no person to ask). The lead's own rules are computed on its final tools,
  // `task` included, in case a config gates `task` itself.
  const subagentBase = withToolSearch(base, setup);
  const policyFor = (records: ToolRecord[]) =>
    approvalPolicy({
      tools: records,
      app,
      servers: opts.config.servers,
      mcpTools: opts.mcp.tools,
      files: opts.config.paths,
    });
  const subagentRules = policyFor(subagentBase.tools).rules;
  const subagentRunner = !app.subagents.enabled
    ? undefined
    : (opts.subagentRunner ??
      createSubagentRunner(
        {
          model: defaultModel,
          tools: subagentBase.tools.map((t) => (subagentRules.has(t.tool.name) ? gatedForSubagents(t.tool) : t.tool)),
          setup,
        },
        { maxConcurrent: app.subagents.max_concurrent, maxPerRun: app.subagents.max_per_run },
      ));
  const { tools, shadowed } = subagentRunner
    ? withToolSearch(assemble(sources, app, subagentRunner), setup)
    : subagentBase;
  const approvals = policyFor(tools);
  const agentTools = tools.map((t) => t.tool);
  const systemPrompt = leadSystemPrompt({ deferredSection: setup.listing?.section ?? "" });
  const deferred = filterOptionsFor(setup, agentTools);
  const prefetch =
    ts.prefetch.enabled && setup.catalog
      ? [
          prefetchMiddleware({
            catalog: setup.catalog,
            k: ts.prefetch.k,
            minScore: ts.prefetch.min_score,
            policy: setup.promotion,
            onPromote: opts.onPromote,
          }),
        ]
      : [];
  const agent = createAgent({
    model: defaultModel,
    tools: agentTools,
    systemPrompt,
    middleware: [
      // Outermost: it sees the model's final message before it is saved, and every tool's final result.
      toolCallBoundsMiddleware(),
      danglingToolCallsMiddleware(),
      modelSelectMiddleware(models),
      // Before the turn's first model call: promotes what the person's message clearly asks for.
      ...prefetch,
      deferredToolFilterMiddleware(deferred),
      // Runs after the model, before any tool: it asks only about calls the filter will let through.
      approvalMiddleware({ rules: approvals.rules, tools: agentTools, deferred }),
      // Inside the filter: a blocked call never reaches a tool, and a tool that throws becomes an error result.
      toolErrorsMiddleware(),
      artifactsStateMiddleware(),
      ...(app.models.some((m) => m.supports_vision) ? [toolImagesMiddleware()] : []),
    ],
    checkpointer: opts.checkpointer,
  });
  return {
    agent,
    tools,
    shadowed,
    setup,
    systemPrompt,
    approvals: approvals.rules,
    warnings: [...sources.warnings, ...approvals.warnings],
  };
}
