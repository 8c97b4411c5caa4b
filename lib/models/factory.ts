import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOpenAI } from "@langchain/openai";
import { type AppConfig, ConfigError, type ModelConfig } from "@/lib/config";
import { closest } from "@/lib/config/issues";
import { packageOf, splitUse } from "@/lib/tools/reflect";
import type { ModelInfo } from "@/lib/contracts/models";
import { createDemoFetch, type FetchLike } from "./demo/fetch";

export const DEMO_DISPLAY_NAME = "Demo (offline)";

export function usesDemo(m: ModelConfig): boolean {
  return !m.api_key && !m.base_url;
}

export function listModels(app: AppConfig): ModelInfo[] {
  return app.models.map((m, i) => ({
    name: m.name,
    display_name: usesDemo(m)
      ? m.display_name && /demo/i.exec(m.display_name) !== null
        ? m.display_name
        : `${m.display_name ?? m.name} → ${DEMO_DISPLAY_NAME}`
      : (m.display_name ?? m.name),
    model: m.model,
    demo: usesDemo(m),
    supports_vision: m.supports_vision,
    default: i === 0,
    base_url: m.base_url ?? null,
  }));
}

export function findModel(app: AppConfig, name: string | undefined): ModelConfig {
  if (!name) return app.models[0];
  const m = app.models.find((x) => x.name === name);
  if (!m) throw new Error(`unknown model "${name}"; configured: ${app.models.map((x) => x.name).join(", ")}`);
  return m;
}

export interface ModelFactoryOptions {
  /** Replaces the HTTP layer (callers can record requests here); the demo fetch otherwise for demo models. */
  fetch?: FetchLike;
  /** Replaces the HTTP layer of the embeddings client used by hybrid tool search. */
  embeddingsFetch?: FetchLike;
  demoDelayMs?: number;
}

/**
 * config.yaml model → LangChain chat model. Without a key and a base_url the real ChatOpenAI client
 * talks to the in-process demo endpoint, so the whole OpenAI wire path is exercised offline.
 */
/** Where a model entry is in config.yaml, for the errors of loading its class. */
export interface ModelPlace {
  file: string;
  index: number;
  /** The line of its `use` (or of the entry, when `use` is its default). */
  line?: number;
}

export async function createChatModel(
  m: ModelConfig,
  opts: ModelFactoryOptions = {},
  place?: ModelPlace,
): Promise<BaseChatModel> {
  if (usesDemo(m)) {
    const demoDelay = opts.demoDelayMs ?? Number(process.env.FAWN_DEMO_DELAY_MS ?? 8);
    return new ChatOpenAI({
      model: m.model,
      apiKey: "demo",
      maxRetries: 0,
      configuration: {
        baseURL: "http://demo.invalid/v1",
        fetch: opts.fetch ?? createDemoFetch({ delayMs: demoDelay }),
      },
    });
  }
  const common = {
    model: m.model,
    apiKey: m.api_key ?? "not-needed",
    temperature: m.temperature,
    maxTokens: m.max_tokens,
    maxRetries: m.max_retries,
    timeout: m.timeout_s ? m.timeout_s * 1000 : undefined,
  };
  const { module: spec, exportName } = splitUse(m.use);
  if (spec === "@langchain/openai" && exportName === "ChatOpenAI") {
    return new ChatOpenAI({
      ...common,
      configuration: { baseURL: m.base_url, ...(opts.fetch ? { fetch: opts.fetch } : {}) },
    });
  }
  // Named like the configuration's other errors: file, line, field (a plain Error when no place is given).
  const fail = (problem: string) =>
    place
      ? ConfigError.at(place.file, `models[${place.index}].use`, `model "${m.name}": ${problem}`, place.line)
      : new Error(`model "${m.name}": ${problem}`);
  let mod: Record<string, unknown>;
  try {
    mod = await import(/* webpackIgnore: true */ spec);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const missing = err.code === "ERR_MODULE_NOT_FOUND" || err.code === "MODULE_NOT_FOUND";
    throw fail(
      missing
        ? `cannot load "${spec}": it is not installed; install it with \`npm install ${packageOf(spec)}\``
        : `cannot load "${spec}": ${err.message}`,
    );
  }
  const Cls = mod[exportName] as (new (args: Record<string, unknown>) => BaseChatModel) | undefined;
  if (typeof Cls !== "function") {
    const classes = Object.keys(mod).filter((k) => typeof mod[k] === "function" && /^[A-Z]/.test(k));
    const meant = closest(exportName, classes);
    throw fail(`"${spec}" has no class "${exportName}"${meant ? `; did you mean "${meant}"?` : ""}`);
  }
  return new Cls({ ...common, baseUrl: m.base_url });
}
