import { OpenAIEmbeddings } from "@langchain/openai";
import type { AppConfig } from "@/lib/config";
import type { EmbeddingsLike } from "@/lib/deferred/search/semantic";
import type { FetchLike } from "./demo/fetch";

export type EmbeddingsConfig = NonNullable<AppConfig["tool_search"]["embeddings"]>;

/** The embeddings client for hybrid tool search, through the real OpenAI client (any compatible endpoint). */
export function createEmbeddings(cfg: EmbeddingsConfig, opts: { fetch?: FetchLike } = {}): EmbeddingsLike {
  return new OpenAIEmbeddings({
    model: cfg.model,
    apiKey: cfg.api_key ?? "not-needed",
    maxRetries: 1,
    timeout: cfg.timeout_s * 1000,
    configuration: { baseURL: cfg.base_url, ...(opts.fetch ? { fetch: opts.fetch } : {}) },
  });
}
