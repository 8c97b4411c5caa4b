/**
 * Several Fawn API instances in one test process, each with its own PostgresPersistence (pool, session,
 * instance id) on one database, the official SDK client talking to each in-process. What differs from
 * separate processes is only that they share a Node event loop: the locks, events and notices all go
 * through PostgreSQL. (test/multi-instance.test.ts runs real processes.)
 */
import type { Client } from "@langchain/langgraph-sdk";
import type { PostgresCheckpointerConfig } from "@/lib/config/app-config";
import { PostgresPersistence } from "@/lib/persistence/postgres/persistence";
import { createLangGraphApi, type LangGraphApi } from "@/lib/server/api";
import { API_URL, type ScriptedModel, sdkClient, silentLogger, testAgent } from "./api";

export function postgresConfig(
  url: string,
  extra: Partial<PostgresCheckpointerConfig> = {},
): PostgresCheckpointerConfig {
  return {
    type: "postgres",
    url,
    pool_size: 5,
    schema: "public",
    run_retention_s: 900,
    max_run_events: 10_000,
    max_run_events_mb: 16,
    ...extra,
  };
}

export interface PgInstance {
  persistence: PostgresPersistence;
  api: LangGraphApi;
  model: ScriptedModel;
  client: Client;
  close(): Promise<void>;
}

export function pgInstance(cfg: PostgresCheckpointerConfig): PgInstance {
  const persistence = new PostgresPersistence(cfg);
  const { graph, model } = testAgent(persistence.checkpointer);
  const api = createLangGraphApi({
    getRuntime: async () => ({
      graph,
      shared: persistence,
      assistant: { graph_id: "lead_agent", name: "Fawn", description: "The Fawn lead agent" },
    }),
    // FAWN_TEST_LOG=1 prints the API's log lines (the server-side reason of a 500, say).
    logger: process.env.FAWN_TEST_LOG ? (l, e, f) => console.error(l, e, JSON.stringify(f)) : silentLogger,
    apiToken: undefined,
    corsOrigins: [],
    allowedHosts: [new URL(API_URL).host],
    heartbeatMs: 0,
  });
  return {
    persistence,
    api,
    model,
    client: sdkClient(api),
    async close() {
      model.releaseSlow();
      await api.close();
      await persistence.close();
    },
  };
}
