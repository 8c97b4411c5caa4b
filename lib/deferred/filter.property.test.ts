import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { deferredToolFilterMiddleware } from "./filter";
import { mergePromoted, type Promoted, promotedUnder } from "./promoted";
import { prng } from "@/test/support/tools";

const DEFERRED = Array.from({ length: 8 }, (_, i) => `mcp_tool_${i}`);
const ALWAYS = ["read_file", "present_files", "tool_search"];

type WrapToolCall = (req: unknown, handler: (r: unknown) => unknown) => unknown;

describe("property: a deferred tool that was not promoted never executes", () => {
  it("holds over 5,000 random sequences of searches, calls and catalog changes", async () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const rnd = prng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      let hash = "h1";
      let promoted: Promoted | undefined;
      let mw = deferredToolFilterMiddleware({ deferredNames: new Set(DEFERRED), catalogHash: hash });
      const steps = 5 + Math.floor(rnd() * 25);
      for (let s = 0; s < steps; s++) {
        const r = rnd();
        if (r < 0.25) {
          const names = DEFERRED.filter(() => rnd() < 0.25);
          // A search result may come from a stale catalog too (a promotion keyed to another hash).
          promoted = mergePromoted(promoted, { catalog_hash: rnd() < 0.85 ? hash : "stale", names });
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
          const allowed = !DEFERRED.includes(name) || promotedUnder(promoted, hash).includes(name);
          if (ran !== allowed)
            throw new Error(
              `seed ${seed} step ${s}: ${name} ran=${ran} allowed=${allowed} promoted=${JSON.stringify(promoted)} hash=${hash}`,
            );
          if (!ran) expect((out as ToolMessage).status).toBe("error");
        }
      }
    }
  });
});
