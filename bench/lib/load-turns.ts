/**
 * The work of bench:load: threads that each run turns naming one deferred tool (so the demo model promotes
 * exactly it with `select:` and calls it), and the check of every thread's saved state afterwards.
 */
import type { Client } from "@langchain/langgraph-sdk";

/** Each turn names one deferred tool, so the demo model promotes exactly it (select:) and calls it. */
const TOOLS = [
  (i: number, t: number) => ({
    tool: "workbench_calculate",
    message: `workbench_calculate: ${i + 1}*${t + 1}`,
    expect: String((i + 1) * (t + 1)),
  }),
  (i: number, t: number) => ({
    tool: "everything_echo",
    message: `everything_echo: thread-${i}-turn-${t}`,
    expect: `thread-${i}-turn-${t}`,
  }),
  (i: number, t: number) => ({
    tool: "workbench_base64_encode",
    message: `workbench_base64_encode: t${i}x${t}`,
    expect: Buffer.from(`t${i}x${t}`).toString("base64"),
  }),
  (i: number, t: number) => ({
    tool: "workbench_text_stats",
    message: `workbench_text_stats: thread ${i} turn ${t}`,
    expect: "words",
  }),
  (i: number, t: number) => ({
    tool: "workbench_hash_text",
    message: `workbench_hash_text: thread-${i}-${t}`,
    expect: "sha256",
  }),
];
/** Thread i uses a rotation of tools starting at i, so neighbouring threads promote different sets. */
export const plan = (i: number, t: number) => TOOLS[(i + t) % TOOLS.length](i, t);

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};

/**
 * Thread `i`: created through `clients[0]`, turn t sent to `clients[(i + t) % n]`, so with several instances
 * every thread moves between them and the load is split evenly.
 */
export async function runThread(
  clients: Client[],
  i: number,
  turns: number,
  latencies: number[],
  errors: string[],
): Promise<string> {
  const thread = await clients[i % clients.length].threads.create({ metadata: { bench: "load", index: i } });
  for (let t = 0; t < turns; t++) {
    const p = plan(i, t);
    const client = clients[(i + t) % clients.length];
    const started = performance.now();
    let text = "";
    try {
      for await (const chunk of client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: p.message }] },
        // As the UI asks: tokens as they stream, and the state after each step.
        streamMode: ["values", "messages-tuple"],
      })) {
        if (chunk.event === "error") errors.push(`thread ${i} turn ${t}: ${JSON.stringify(chunk.data)}`);
        if (chunk.event === "values") text = JSON.stringify(chunk.data);
      }
      if (!text.includes(p.expect)) errors.push(`thread ${i} turn ${t}: answer lacks "${p.expect}"`);
    } catch (e) {
      errors.push(`thread ${i} turn ${t}: ${(e as Error).message}`);
    }
    latencies.push(performance.now() - started);
  }
  return thread.thread_id;
}

interface ThreadState {
  messages: Array<{ type: string; content: unknown }>;
  promoted: { names: string[] };
}

/** Every thread's saved state: its own human messages in order, the expected message count, its own promotions. */
export async function verify(client: Client, ids: string[], turns: number): Promise<string[]> {
  const problems: string[] = [];
  await Promise.all(
    ids.map(async (id, i) => {
      const state = await client.threads.getState<ThreadState>(id);
      const msgs = state.values.messages ?? [];
      const humans = msgs.filter((m) => m.type === "human").map((m) => String(m.content));
      const expectedHumans = Array.from({ length: turns }, (_, t) => plan(i, t).message);
      if (JSON.stringify(humans) !== JSON.stringify(expectedHumans))
        problems.push(`thread ${i}: human messages differ (lost or cross-thread)`);
      // Per turn: human, ai(tool_search), tool, ai(tool call), tool, ai(answer); a tool already promoted
      // in this thread is called straight away, without the search (human, ai, tool, ai).
      const seenTools = new Set<string>();
      const expectedCount = Array.from({ length: turns }, (_, t) => plan(i, t).tool).reduce((n, tool) => {
        const first = !seenTools.has(tool);
        seenTools.add(tool);
        return n + (first ? 6 : 4);
      }, 0);
      if (msgs.length !== expectedCount)
        problems.push(`thread ${i}: ${msgs.length} messages, expected ${expectedCount}`);
      const expectedPromoted = [...new Set(Array.from({ length: turns }, (_, t) => plan(i, t).tool))].sort();
      const promoted = [...(state.values.promoted?.names ?? [])].sort();
      if (JSON.stringify(promoted) !== JSON.stringify(expectedPromoted))
        problems.push(`thread ${i}: promoted ${promoted.join(",")} ≠ ${expectedPromoted.join(",")}`);
    }),
  );
  return problems;
}
