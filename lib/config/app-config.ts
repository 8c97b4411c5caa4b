import { z } from "zod";

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export const ModelConfigSchema = z
  .object({
    name: z.string().regex(NAME, "must be 1-64 letters, digits, '_', '-' or '.'"),
    display_name: z.string().min(1).optional(),
    use: z
      .string()
      .regex(/^[^:]+:[A-Za-z_$][\w$]*$/, 'must be "module:Export", e.g. "@langchain/openai:ChatOpenAI"')
      .default("@langchain/openai:ChatOpenAI"),
    model: z.string().min(1),
    api_key: z.string().optional(),
    base_url: z.url().optional(),
    supports_vision: z.boolean().default(false),
    temperature: z.number().min(0).max(2).optional(),
    max_tokens: z.number().int().positive().optional(),
    /** Retries of a failed model call; LangChain's default of 6 hides an outage for minutes. */
    max_retries: z.number().int().min(0).max(10).default(2),
    timeout_s: z.number().positive().max(3600).optional(),
    /** Tokens the model accepts; a percentage `tool_search.auto_threshold` reads it (128,000 when unset). */
    context_window: z.number().int().positive().optional(),
  })
  .strict();
export type ModelConfig = z.infer<typeof ModelConfigSchema>;

/** A configured tool: `use` names its module and export; any further keys are the tool's own settings. */
export const ToolConfigSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must match ^[A-Za-z0-9_-]{1,64}$"),
    group: z.string().optional(),
    use: z.string().regex(/^.+:[A-Za-z_$][\w$]*$/, 'must be "module:export"'),
  })
  .catchall(z.unknown());
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

export const AppConfigSchema = z
  .object({
    models: z.array(ModelConfigSchema).min(1, "at least one model is required"),
    tools: z.array(ToolConfigSchema).default([]),
    tool_groups: z
      .array(z.object({ name: z.string().min(1), description: z.string().optional() }).strict())
      .default([]),
    tool_search: z
      .object({
        enabled: z.boolean().default(true),
        max_results: z.number().int().min(1).max(20).default(5),
        /** Optional hybrid retrieval: plain-language queries also ranked by an OpenAI-compatible embeddings endpoint. */
        embeddings: z
          .object({
            enabled: z.boolean().default(false),
            model: z.string().min(1).default("text-embedding-3-small"),
            base_url: z.url().optional(),
            api_key: z.string().optional(),
            /** Weight of the embeddings ranking in the fusion; the lexical ranking weighs 1. */
            weight: z.number().min(0).max(10).default(1),
            timeout_s: z.number().positive().max(120).default(10),
          })
          .strict()
          .optional(),
        /** How the prompt lists deferred tools: every name, one line per server, or names while they fit. */
        listing: z.enum(["auto", "names", "servers"]).default("auto"),
        /** auto lists names while they cost at most this many tokens; the server listing stays within it too. */
        listing_max_tokens: z.number().int().min(100).max(100_000).default(1500),
        /** The promoted tools' schemas stay within this; the least recently used are demoted to make room. */
        promoted_budget_tokens: z.number().int().positive().max(1_000_000).nullable().default(8000),
        /** At most this many promoted tools (unset: no count limit). */
        promoted_max_tools: z.number().int().positive().max(10_000).nullable().default(null),
        /** Results scoring below this share of the best are named, not promoted (0 promotes every result). */
        min_relative_score: z.number().min(0).max(1).default(0.7),
        /**
         * Defer `defer: auto` MCP tools only when their schemas exceed this: tokens (0 = always defer),
         * or a percentage of the default model's context window such as "10%".
         */
        auto_threshold: z
          .union([
            z.number().int().min(0),
            z.string().regex(/^\d+(\.\d+)?\s*%$/, 'must be a token count or a percentage such as "10%"'),
          ])
          .default(0),
      })
      .strict()
      .default({
        enabled: true,
        max_results: 5,
        listing: "auto",
        listing_max_tokens: 1500,
        promoted_budget_tokens: 8000,
        promoted_max_tools: null,
        min_relative_score: 0.7,
        auto_threshold: 0,
      }),
    subagents: z
      .object({
        enabled: z.boolean().default(false),
        max_concurrent: z.number().int().min(1).max(16).default(3),
        max_per_run: z.number().int().min(1).max(100).default(10),
      })
      .strict()
      .default({ enabled: false, max_concurrent: 3, max_per_run: 10 }),
    sandbox: z
      .object({
        root: z.string().min(1).default(".fawn/sandbox"),
        allow_host_bash: z.boolean().default(false),
      })
      .strict()
      .default({ root: ".fawn/sandbox", allow_host_bash: false }),
    checkpointer: z
      .object({
        type: z.literal("sqlite").default("sqlite"),
        path: z.string().min(1).default(".fawn/threads.sqlite"),
      })
      .strict()
      .default({ type: "sqlite", path: ".fawn/threads.sqlite" }),
  })
  .strict()
  .superRefine((cfg, ctx) => {
    const seen = new Set<string>();
    cfg.models.forEach((m, i) => {
      if (seen.has(m.name)) {
        ctx.addIssue({ code: "custom", path: ["models", i, "name"], message: `duplicate model name "${m.name}"` });
      }
      seen.add(m.name);
    });
    const groups = new Set(cfg.tool_groups.map((g) => g.name));
    cfg.tools.forEach((t, i) => {
      if (t.group && groups.size > 0 && !groups.has(t.group)) {
        ctx.addIssue({
          code: "custom",
          path: ["tools", i, "group"],
          message: `unknown group "${t.group}" (tool_groups: ${[...groups].join(", ")})`,
        });
      }
    });
  });
export type AppConfig = z.infer<typeof AppConfigSchema>;
