import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { prng } from "@/test/support/tools";
import { deferredToolFilterMiddleware } from "./filter";
import { mergePromoted, type Promoted } from "./promoted";

const DEFERRED = Array.from({ length: 8 }, (_, i) => `mcp_tool_${i}`);
const ALWAYS = ["read_file", "present_files", "tool_search"];

type WrapToolCall = (req: unknown, handler: (r: unknown) => unknown) => unknown;

/**
 * The oracle, written from the design's words and sharing no code with lib/deferred: promotions live under
 * one catalog hash; an update under another hash starts over; under the same hash names accumulate; an empty
 * update under the same hash changes nothing. A deferred tool may run only if the thread's promotions were
 * made under the catalog in force and name it.
 */
class PromotionOracle {
  private hash: string | null = null;
  private names = new Set<string>();

  promote(hash: string, names: string[]): void {
    if (hash !== this.hash) {
      this.hash = hash;
      this.names = new Set(names);
    } else for (const n of names) this.names.add(n);
  }

  mayRun(name: string, catalogHash: string): boolean {
    if (!DEFERRED.includes(name)) return true;
    return this.hash === catalogHash && this.names.has(name);
  }
}

describe("property: a deferred tool that was not promoted never executes", () => {
  it("holds over 5,000 random sequences of searches, calls and catalog changes", async () => {
    let blockedUnderStaleHash = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      const rnd = prng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      let hash = "h1";
      let promoted: Promoted | undefined;
      const oracle = new PromotionOracle();
      let mw = deferredToolFilterMiddleware({ deferredNames: new Set(DEFERRED), catalogHash: hash });
      const steps = 5 + Math.floor(rnd() * 25);
      for (let s = 0; s < steps; s++) {
        const r = rnd();
        if (r < 0.25) {
          const names = DEFERRED.filter(() => rnd() < 0.25);
          // A search result may come from a stale catalog too (a promotion keyed to another hash).
          const under = rnd() < 0.85 ? hash : "stale";
          promoted = mergePromoted(promoted, { catalog_hash: under, names });
          oracle.promote(under, names);
        } else if (r < 0.32) {
          hash = hash === "h1" ? "h2" : "h1";
          mw = deferredToolFilterMiddleware({ deferredNames: new Set(DEFERRED), catalogHash: hash });
        } else {
          const name = pick([...DEFERRED, ...ALWAYS]);
          let ran = false;
          const out = await (mw.wrapToolCall as unknown as WrapToolCall)(
            {
              toolCall: { id: `c${s}`, name, args: {} },
              state: { messages: [], promoted },
              runtime: {},
              tool: undefined,
            },
            () => {
              ran = true;
              return new ToolMessage({ tool_call_id: `c${s}`, content: "ran" });
            },
          );
          const allowed = oracle.mayRun(name, hash);
          if (ran !== allowed)
            throw new Error(
              `seed ${seed} step ${s}: ${name} ran=${ran} allowed=${allowed} promoted=${JSON.stringify(promoted)} hash=${hash}`,
            );
          if (!ran) expect((out as ToolMessage).status).toBe("error");
          if (!ran && promoted?.catalog_hash !== hash && promoted?.names.includes(name)) blockedUnderStaleHash++;
        }
      }
    }
    // The sequences do exercise the hash: names promoted under another catalog were called and refused.
    expect(blockedUnderStaleHash).toBeGreaterThan(100);
  });
});
