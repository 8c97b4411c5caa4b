/**
 * What one instance's wait on another instance's run costs the database: instance B joins (GET …/join) a run
 * held on instance A for `holdMs`, and every pooled query of either instance is counted meanwhile (A, holding
 * a model call, sends none of its own). Then A's run is released and the time until B's join answers is taken.
 */
import { Database } from "@/lib/persistence/postgres/database";
import { pgInstance, postgresConfig } from "../../test/support/pg-instances";

export interface WaitFigures {
  holdMs: number;
  queries: number;
  answeredMs: number;
}

export async function waitQueries(url: string, holdMs = 3000): Promise<WaitFigures> {
  const schema = `bench_wait_${Date.now()}`;
  const a = pgInstance(postgresConfig(url, { schema }));
  const b = pgInstance(postgresConfig(url, { schema }));
  const query = Database.prototype.query;
  let queries = 0;
  try {
    const thread = await a.client.threads.create();
    let runId = "";
    const stream = (async () => {
      for await (const _ of a.client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: "slow please" }] },
        onDisconnect: "continue",
        onRunCreated: (m) => {
          runId = m.run_id;
        },
      })) {
        // drained
      }
    })();
    await a.model.slowStarted();
    while (!runId) await new Promise((r) => setTimeout(r, 10));
    Database.prototype.query = function (this: Database, ...args: Parameters<Database["query"]>) {
      queries++;
      return query.apply(this, args) as ReturnType<Database["query"]>;
    } as Database["query"];
    const joined = b.client.runs.join(thread.thread_id, runId);
    await new Promise((r) => setTimeout(r, holdMs));
    const counted = queries;
    const released = performance.now();
    a.model.releaseSlow();
    await joined;
    const answeredMs = performance.now() - released;
    await stream;
    return { holdMs, queries: counted, answeredMs };
  } finally {
    Database.prototype.query = query;
    await a.close();
    await b.close();
  }
}
