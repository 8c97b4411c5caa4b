import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { describe, it } from "vitest";
import { deferredToolFilterMiddleware } from "./filter";
import { mergePromoted, type Promoted, type PromotedBudget } from "./promoted";
import { prng } from "@/test/support/tools";

const DEFERRED = Array.from({ length: 8 }, (_, i) => `mcp_tool_${i}`);
const ALWAYS = ["read_file", "present_files", "tool_search"];
const TOKENS = Object.fromEntries(DEFERRED.map((n, i) => [n, 10 + 7 * i]));

type WrapToolCall = (req: unknown, handler: (r: unknown) => unknown) => Promise<unknown>;

/**
 * The rules as the issue states them, written out on their own (no code under test is used):
 * a tool runs only while promoted under its current schema; a promotion demotes the least recently
 * used others (never called first, oldest first) until the set fits the budget; new tools that
 * cannot fit even then are refused, the lowest ranked first.
 */
class Oracle {
  private held: Array<{ name: string; hash: string; tokens: number; since: number; lastUse: number | null }> = [];
  private step = 0;

  promote(tools: Array<{ name: string; hash: string }>, budget: PromotedBudget): void {
    const seen = new Set<string>();
    const incoming = tools.filter((t) => !seen.has(t.name) && seen.add(t.name));
    if (incoming.length === 0) return;
    this.step++;
    const fresh = incoming.map((t) => {
      const before = this.held.find((h) => h.name === t.name);
      const lastUse = before && before.hash === t.hash ? before.lastUse : null;
      return { ...t, tokens: TOKENS[t.name] as number, since: this.step, lastUse };
    });
    const older = this.held.filter((h) => !seen.has(h.name));
    const fits = (set: typeof this.held) =>
      (budget.tokens === null || set.reduce((n, h) => n + h.tokens, 0) <= budget.tokens) &&
      (budget.count === null || set.length <= budget.count);
    // Least recently used first: never called before called; among never called, the oldest promotion;
    // on a tie (one search's results), the lower ranked, which sits later in the list.
    const stale = (h: (typeof older)[number]) => (h.lastUse === null ? [0, h.since] : [1, h.lastUse]);
    while (!fits([...older, ...fresh]) && older.length > 0) {
      let victim = 0;
      for (let i = 1; i < older.length; i++) {
        const [a1, a2] = stale(older[i]!);
        const [b1, b2] = stale(older[victim]!);
        if (a1! < b1! || (a1 === b1 && a2! <= b2!)) victim = i;
      }
      older.splice(victim, 1);
    }
    while (!fits([...older, ...fresh]) && fresh.length > 0) fresh.pop();
    this.held = [...older, ...fresh];
  }

  ran(name: string): void {
    if (!this.held.some((h) => h.name === name)) return;
    this.step++;
    for (const h of this.held) if (h.name === name) h.lastUse = this.step;
  }

  allows(name: string, hashNow: (n: string) => string | undefined): boolean {
    if (!DEFERRED.includes(name)) return true;
    return this.held.some((h) => h.name === name && h.hash === hashNow(name));
  }

  holds(): string[] {
    return this.held.map((h) => h.name).sort();
  }
}

function randomBudget(rnd: () => number): PromotedBudget {
  const r = rnd();
  if (r < 0.3) return { tokens: null, count: null };
  if (r < 0.65) return { tokens: 40 + Math.floor(rnd() * 120), count: null };
  if (r < 0.85) return { tokens: null, count: 1 + Math.floor(rnd() * 4) };
  return { tokens: 60 + Math.floor(rnd() * 100), count: 2 + Math.floor(rnd() * 3) };
}

describe("property: a deferred tool runs only while promoted under its schema, and the budget holds", () => {
  it("holds over 5,000 random sequences of searches, calls, budgets and per-tool schema changes", async () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const rnd = prng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
      const version = new Map(DEFERRED.map((n) => [n, 0]));
      const hashNow = (n: string) => (version.has(n) ? `${n}@${version.get(n)}` : undefined);
      const middleware = () =>
        deferredToolFilterMiddleware({
          deferredNames: new Set(DEFERRED),
          toolHashes: new Map(DEFERRED.map((n) => [n, hashNow(n) as string])),
        });
      let mw = middleware();
      let promoted: Promoted | undefined;
      const oracle = new Oracle();
      const steps = 5 + Math.floor(rnd() * 30);
      for (let s = 0; s < steps; s++) {
        const r = rnd();
        const where = `seed ${seed} step ${s}`;
        if (r < 0.3) {
          const budget = randomBudget(rnd);
          // A result may carry a stale schema hash too (a search answered from an older catalog).
          const tools = DEFERRED.filter(() => rnd() < 0.3).map((name) => ({
            name,
            hash: rnd() < 0.85 ? (hashNow(name) as string) : `${name}@old`,
          }));
          promoted = mergePromoted(promoted, {
            op: "promote",
            catalog_hash: "c",
            tools: tools.map((t) => ({ ...t, tokens: TOKENS[t.name] as number })),
            budget,
          });
          oracle.promote(tools, budget);
          // A budget applies with the promotion that carries it (a config change takes effect on the next one).
          const held = tools.length === 0 ? 0 : promoted.tools.reduce((n, t) => n + t.tokens, 0);
          if (budget.tokens !== null && held > budget.tokens) throw new Error(`${where}: ${held} > ${budget.tokens}`);
          if (budget.count !== null && tools.length > 0 && promoted.tools.length > budget.count)
            throw new Error(`${where}: ${promoted.tools.length} tools > ${budget.count}`);
          const holds = oracle.holds().join(",");
          if ([...promoted.names].sort().join(",") !== holds)
            throw new Error(`${where}: promoted ${promoted.names.join(",")}, the rules give ${holds}`);
        } else if (r < 0.38) {
          // A server changes one tool: only that tool's promotion may stop counting.
          const name = pick(DEFERRED);
          version.set(name, (version.get(name) ?? 0) + 1);
          mw = middleware();
        } else {
          const name = pick([...DEFERRED, ...ALWAYS]);
          let ran = false;
          const out = await (mw.wrapToolCall as unknown as WrapToolCall)(
            { toolCall: { id: `c${s}`, name, args: {} }, state: { messages: [], promoted }, runtime: {} },
            () => {
              ran = true;
              return new ToolMessage({ tool_call_id: `c${s}`, content: "ran" });
            },
          );
          const allowed = oracle.allows(name, hashNow);
          if (ran !== allowed)
            throw new Error(`${where}: ${name} ran=${ran} allowed=${allowed} promoted=${JSON.stringify(promoted)}`);
          if (!ran && (out as ToolMessage).status !== "error") throw new Error(`${where}: blocked without an error`);
          if (ran && DEFERRED.includes(name)) {
            // The use stamp goes through the reducer, as the graph applies it.
            if (!(out instanceof Command)) throw new Error(`${where}: ${name} ran without a use stamp`);
            promoted = mergePromoted(promoted, ((out as Command).update as { promoted: unknown }).promoted);
            oracle.ran(name);
          }
        }
      }
    }
  }, 60_000);
});
