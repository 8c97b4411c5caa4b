import { Client } from "@langchain/langgraph-sdk";
import { expect, test } from "@playwright/test";
import { startServer } from "../test/support/next-server";

type Values = { messages: Array<{ type: string; content: unknown; status?: string; name?: string }> };

test("misbehaving MCP servers through the HTTP app: each call fails alone, the app keeps serving, nothing saved is lost", async () => {
  test.setTimeout(120_000);
  const server = await startServer("e2e-faulty-data", { FAWN_CONFIG: "e2e/fixtures/faulty/config.yaml" });
  try {
    const statuses = (await (await fetch(`${server.url}/api/mcp`)).json()) as {
      servers: Array<{ name: string; status: string; error: string | null; warnings: string[] }>;
    };
    const by = Object.fromEntries(statuses.servers.map((s) => [s.name, s]));
    // Lazy by default: listed once (cached), asleep until used.
    expect(by.cr.status).toBe("sleeping");
    expect(by.late.status).toBe("failed");
    expect(by.late.error).toMatch(/timed out after 2s/);
    expect(by.bad.warnings.join("\n")).toMatch(/dropped/);

    const client = new Client({ apiUrl: `${server.url}/api/langgraph` });
    const thread = await client.threads.create();
    const turn = async (message: string) => {
      const events: string[] = [];
      for await (const chunk of client.runs.stream(thread.thread_id, "lead_agent", {
        input: { messages: [{ type: "human", content: message }] },
      }))
        events.push(chunk.event);
      return events;
    };
    // The demo model names the tool, so it is promoted with select: and called at once.
    for (const message of ["cr_boom: now", "hg_slow: now"]) {
      const events = await turn(message);
      expect(events).not.toContain("error");
    }
    const state = await client.threads.getState<Values>(thread.thread_id);
    const results = state.values.messages.filter(
      (m) => m.type === "tool" && (m.name === "cr_boom" || m.name === "hg_slow"),
    );
    expect(results.map((m) => m.status)).toEqual(["error", "error"]);
    const before = state.values.messages.length;

    // The crashed server is back for the next call, and the thread kept everything.
    expect(await turn('cr_echo: {"text": "still here"}')).not.toContain("error");
    const after = await client.threads.getState<Values>(thread.thread_id);
    expect(after.values.messages.length).toBeGreaterThan(before);
    expect(JSON.stringify(after.values.messages.at(-2))).toContain("still here");
    expect((await fetch(`${server.url}/api/tools`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});
