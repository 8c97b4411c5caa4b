import { afterAll, describe, expect, it, vi } from "vitest";
import { prng } from "@/test/support/tools";
import type { FetchLike } from "@/lib/models/demo/fetch";
import { scriptedFetch } from "@/test/support/model-fetch";
import type { DemoReply } from "@/lib/models/demo/wire";
import { runTurn } from "./run-turn";
import { FawnRuntime } from "./runtime";
import { tempConfig } from "@/test/support/config";

/** Random model behaviour through the whole agent (real ChatOpenAI, real MCP server, SQLite). */
let current: FetchLike = scriptedFetch([{ content: "hi", toolCalls: [] }]);
const rt = new FawnRuntime({ ...tempConfig(), models: { fetch: (i, init) => current(i, init) } });
afterAll(() => rt.close());

const TARGETS: Record<string, Record<string, unknown>> = {
  everything_echo: { message: "x" },
  "everything_get-sum": { a: 1, b: 2 },
  "everything_get-env": {},
};

describe("property: through the agent, only promoted deferred tools ever run", () => {
  it("holds for 40 random multi-step runs", async () => {
    const runtime = await rt.get();
    const spies = Object.fromEntries(
      Object.keys(TARGETS).map((name) => [
        name,
        vi.spyOn(runtime.built.tools.find((t) => t.tool.name === name)!.tool, "invoke"),
      ]),
    );
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = prng(seed * 7919);
      const names = Object.keys(TARGETS);
      const script: DemoReply[] = [];
      const promoted = new Set<string>();
      const expected: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
      const steps = 1 + Math.floor(rnd() * 5);
      for (let s = 0; s < steps; s++) {
        const calls: DemoReply["toolCalls"] = [];
        const searched: string[] = [];
        for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
          const name = names[Math.floor(rnd() * names.length)];
          if (rnd() < 0.4) {
            calls.push({ name: "tool_search", args: { query: `select:${name}` } });
            searched.push(name);
          } else {
            calls.push({ name, args: TARGETS[name] });
            // Calls in the same step see the state before this step's searches.
            if (promoted.has(name)) expected[name]++;
          }
        }
        for (const n of searched) promoted.add(n);
        script.push({ content: "", toolCalls: calls });
      }
      script.push({ content: "done", toolCalls: [] });
      current = scriptedFetch(script);
      for (const spy of Object.values(spies)) spy.mockClear();
      const { ok } = await runTurn(runtime, { message: "go", threadId: `prop-${seed}` }, () => undefined);
      expect(ok).toBe(true);
      for (const n of names) expect(spies[n].mock.calls.length, `seed ${seed}: ${n}`).toBe(expected[n]);
    }
  });
});
