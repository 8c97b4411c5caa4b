import { z } from "zod";
import { ToolBindingSchema } from "@/lib/contracts/inventory";
import { closest } from "./issues";

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Whether a tool's calls wait for a person: never, when the tool is destructive, or always. */
export const ApprovalModeSchema = z.enum(["never", "destructive", "always"]);
export type ApprovalMode = z.infer<typeof ApprovalModeSchema>;

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

const TOOL_ENTRY_KEYS = new Set(["name", "group", "use", "approval"]);

/** A configured tool: `use` names its module and export; any further keys are the tool's own settings. */
export const ToolConfigSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must match ^[A-Za-z0-9_-]{1,64}$"),
    group: z.string().optional(),
    use: z.string().regex(/^.+:[A-Za-z_$][\w$]*$/, {
      error: (iss) =>
        `must be "module:export", e.g. "@/lib/sandbox:ls_tool" or "./tools/weather.mjs:weather" (got ${JSON.stringify(iss.input)})`,
    }),
    approval: ApprovalModeSchema.optional(),
  })
  .catchall(z.unknown())
  .superRefine((entry, ctx) => {
    // Other keys are the tool's own settings, so a misspelt `approval` would pass silently (and the tool would run
    // without the approval it was meant to wait for): a key that near is taken for the typo it is. Only `approval`:
    // a near-miss of `group` costs nothing, and a tool may well have a setting of its own named "groups".
    for (const key of Object.keys(entry)) {
      if (TOOL_ENTRY_KEYS.has(key)) continue;
      const meant = closest(key, ["approval"]);
      if (meant)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `unknown key (did you mean "${meant}"?); as written it would be passed to the tool as a setting of its own`,
        });
    }
  });
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

/** Per-process limits of a bash command (and of everything it starts), set with ulimit before it runs. */
export const SandboxLimitsSchema = z
  .object({
    /** CPU seconds per process (RLIMIT_CPU); the call's own timeout bounds wall-clock time. */
    cpu_s: z.number().int().min(1).max(86_400).default(60),
    /** Address space per process in MB (RLIMIT_AS); Node needs about 1024. */
    memory_mb: z.number().int().min(256).max(1_048_576).default(2048),
    /** Processes in the sandbox (RLIMIT_NPROC; bwrap only, and not enforced when Fawn runs as root). */
    processes: z.number().int().min(8).max(1_000_000).default(256),
    /** Largest file a command may write, in MB (RLIMIT_FSIZE). */
    file_mb: z.number().int().min(1).max(1_048_576).default(1024),
    /** Size of the sandbox's private /tmp (memory-backed), in MB; bwrap only. */
    tmp_mb: z.number().int().min(1).max(1_048_576).default(256),
  })
  .strict();
export type SandboxLimits = z.infer<typeof SandboxLimitsSchema>;

export const SANDBOX_LIMIT_DEFAULTS: SandboxLimits = {
  cpu_s: 60,
  memory_mb: 2048,
  processes: 256,
  file_mb: 1024,
  tmp_mb: 256,
};

export const SandboxConfigSchema = z
  .object({
    root: z.string().min(1).default(".fawn/sandbox"),
    /** How the bash tool runs commands: in a bubblewrap sandbox, unconfined on the host, or not at all. */
    bash: z.enum(["bwrap", "host", "off"]).default("bwrap"),
    /** Whether bash commands may use the network (bwrap only; host commands always can). */
    network: z.boolean().default(false),
    limits: SandboxLimitsSchema.default(SANDBOX_LIMIT_DEFAULTS),
  })
  .strict();
export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;

/** Prefetch: at most `k` tools scoring at least `min_score` (BM25F, as tool_search ranks) are promoted. */
export const PrefetchSchema = z
  .object({
    enabled: z.boolean().default(false),
    k: z.number().int().min(1).max(5).default(1),
    min_score: z.number().min(0).default(10),
  })
  .strict();
export type PrefetchConfig = z.infer<typeof PrefetchSchema>;
export const PREFETCH_DEFAULTS: PrefetchConfig = { enabled: false, k: 1, min_score: 10 };

/**
 * How MCP servers are run: lazy servers stop after `idle_timeout` s unused; their tools/list is cached in
 * `cache_dir` (unset: `mcp-cache` beside the checkpointer's SQLite file, i.e. in the data dir).
 */
export const McpSettingsSchema = z
  .object({
    idle_timeout: z.number().positive().max(86_400).default(300),
    cache_dir: z.string().min(1).optional(),
  })
  .strict();
export type McpSettings = z.infer<typeof McpSettingsSchema>;
export const MCP_DEFAULTS: McpSettings = { idle_timeout: 300 };

const SANDBOX_DEFAULTS: SandboxConfig = {
  root: ".fawn/sandbox",
  bash: "bwrap",
  network: false,
  limits: SANDBOX_LIMIT_DEFAULTS,
};

/** Threads in one SQLite file: the zero-setup default for a single instance. */
export const SqliteCheckpointerSchema = z
  .object({
    type: z.literal("sqlite"),
    path: z.string().min(1).default(".fawn/threads.sqlite"),
    /** Only PostgreSQL has a URL; declared so `checkpointer.path` reads the same on either kind. */
    url: z.undefined({ error: "is for `type: postgres` only (this checkpointer is SQLite)" }).optional(),
  })
  .strict();

/** A PostgreSQL schema name Fawn creates its tables in (an SQL identifier, quoted where it is used). */
export const PG_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** Threads, checkpoints and runs in one PostgreSQL database that several Fawn instances share. */
export const PostgresCheckpointerSchema = z
  .object({
    type: z.literal("postgres"),
    url: z
      .string()
      .min(1)
      .refine((u) => /^postgres(ql)?:\/\/[^\s]+$/.exec(u) !== null && URL.canParse(u), {
        message: 'must be a PostgreSQL URL such as "postgres://user:password@host:5432/fawn"',
      }),
    /** Pooled connections per instance (checkpoints, threads, run events); each instance also keeps one of its own. */
    pool_size: z.number().int().min(2).max(500).default(10),
    schema: z.string().regex(PG_SCHEMA, "must be a lower-case SQL name (letters, digits, _)").default("public"),
    /** Finished runs and their stream events stay joinable this long. */
    run_retention_s: z
      .number()
      .int()
      .min(10)
      .max(30 * 86_400)
      .default(900),
    /** A run's stored stream events are bounded: beyond either limit the oldest are dropped (the first is kept). */
    max_run_events: z.number().int().min(100).max(1_000_000).default(10_000),
    max_run_events_mb: z.number().min(1).max(1024).default(16),
    path: z.undefined({ error: "is for `type: sqlite` only (PostgreSQL is reached by `url`)" }).optional(),
  })
  .strict();

/** `checkpointer:` — SQLite unless `type: postgres`; a block without `type` is SQLite, as it always was. */
export const CheckpointerConfigSchema = z.preprocess(
  (raw) => (raw && typeof raw === "object" && !("type" in raw) ? { ...raw, type: "sqlite" } : raw),
  z.discriminatedUnion("type", [SqliteCheckpointerSchema, PostgresCheckpointerSchema]),
);
export type CheckpointerConfig = z.infer<typeof CheckpointerConfigSchema>;
export type PostgresCheckpointerConfig = z.infer<typeof PostgresCheckpointerSchema>;

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
        /** Before a turn's first model call, promote the tools the person's message clearly asks for (lib/deferred/prefetch.ts). */
        prefetch: PrefetchSchema.default(PREFETCH_DEFAULTS),
        /**
         * `bind`: promoted tools are bound to the model. `proxy`: the bound tools never change (prefix caching);
         * promoted tools are called through `call_tool(name, arguments)`.
         */
        binding: ToolBindingSchema.default("bind"),
        /**
         * The search's general techniques, each on or off (lib/deferred/search/techniques.ts); unset ones keep the
         * defaults: lexicons, feedback, WordNet, learned translations, the translation language model (likelihood),
         * entity typing (entities), server profiles (servers), worked examples (exemplars) and learned word
         * vectors (vectors), the Chinese–English dictionary (cedict) with its single characters and Japanese
         * character forms (characters), katakana loanwords read by their sound (katakana), a server the
         * request names (named), the request's learned action reordering the first five (actions) and a request
         * in another language read by the learned models through its translation, ordering the first five
         * (translated) on; catalog associations, clause search, mentions (names of other tools in a tool's text not
         * counted as its words) and sibling contrast (siblings) off. Word translations learned from Chinese and
         * Japanese requests (learnedcjk), worked examples in Chinese and Japanese (exemplarscjk) and learned vectors
         * for Chinese and Japanese words (vectorscjk, read with vectors) are on. So are a typed word's nearest
         * tool-name words by the learned vectors (neighbours). Compound words written
         * either way (compounds: "filepath" is also file + path, "back up" also backup) are off; the learned
         * reranker of the first twenty (rerank) is on. Proper names read as the kinds WordNet says they are
         * instances of (names: "Zion" → national park) are off. The words that spell the server a request names
         * score alike on each of that server's tools (levelname, on). What a typed adjective measures, by
         * WordNet's attribute relation ("biggest" → size), is read too (attributes, on). A typed word the catalog
         * lacks also reaches the kinds WordNet says it is, level by level up its hypernyms ("ibuprofen" → … → drug;
         * hypernyms, on). Sentences of a tool's text that send the reader to another tool ("Do not use when…",
         * "…use `delete_branch` instead") are not its words (redirects, on).
         */
        techniques: z
          .object({
            lexicon: z.boolean().optional(),
            feedback: z.boolean().optional(),
            wordnet: z.boolean().optional(),
            associations: z.boolean().optional(),
            clauses: z.boolean().optional(),
            learned: z.boolean().optional(),
            likelihood: z.boolean().optional(),
            entities: z.boolean().optional(),
            servers: z.boolean().optional(),
            exemplars: z.boolean().optional(),
            mentions: z.boolean().optional(),
            vectors: z.boolean().optional(),
            cedict: z.boolean().optional(),
            characters: z.boolean().optional(),
            translated: z.boolean().optional(),
            katakana: z.boolean().optional(),
            actions: z.boolean().optional(),
            named: z.boolean().optional(),
            siblings: z.boolean().optional(),
            learnedcjk: z.boolean().optional(),
            exemplarscjk: z.boolean().optional(),
            vectorscjk: z.boolean().optional(),
            neighbours: z.boolean().optional(),
            compounds: z.boolean().optional(),
            rerank: z.boolean().optional(),
            names: z.boolean().optional(),
            levelname: z.boolean().optional(),
            attributes: z.boolean().optional(),
            hypernyms: z.boolean().optional(),
            redirects: z.boolean().optional(),
          })
          .strict()
          .optional(),
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
        prefetch: PREFETCH_DEFAULTS,
        binding: "bind",
      }),
    mcp: McpSettingsSchema.default(MCP_DEFAULTS),
    subagents: z
      .object({
        enabled: z.boolean().default(false),
        max_concurrent: z.number().int().min(1).max(16).default(3),
        max_per_run: z.number().int().min(1).max(100).default(10),
      })
      .strict()
      .default({ enabled: false, max_concurrent: 3, max_per_run: 10 }),
    sandbox: SandboxConfigSchema.default(SANDBOX_DEFAULTS),
    /** Approvals: `default` for every tool without a setting of its own; `builtins` by built-in tool name. */
    approvals: z
      .object({
        default: ApprovalModeSchema.default("destructive"),
        builtins: z.record(z.string(), ApprovalModeSchema).default({}),
      })
      .strict()
      .default({ default: "destructive", builtins: {} }),
    checkpointer: CheckpointerConfigSchema.default({ type: "sqlite", path: ".fawn/threads.sqlite" }),
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

/** Keys config.yaml may no longer use, with what to write instead. */
const REMOVED_SANDBOX_KEYS: Record<string, string> = {
  allow_host_bash:
    "was removed: bash now runs in a bubblewrap sandbox by default (`bash: bwrap`). Delete this line; to keep bash " +
    "disabled write `bash: off` under `sandbox:`, or to run commands unconfined on this machine `bash: host` " +
    "(see the README's Security section)",
};

/** config.yaml as a file: removed keys are refused, naming the line, before the schema proper applies. */
export const AppConfigFileSchema = z
  .unknown()
  .superRefine((raw, ctx) => {
    const sandbox = raw && typeof raw === "object" ? (raw as { sandbox?: unknown }).sandbox : undefined;
    if (!sandbox || typeof sandbox !== "object") return;
    for (const [key, message] of Object.entries(REMOVED_SANDBOX_KEYS)) {
      if (key in sandbox) ctx.addIssue({ code: "custom", path: ["sandbox", key], message });
    }
  })
  .pipe(AppConfigSchema);
