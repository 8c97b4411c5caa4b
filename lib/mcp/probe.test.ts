import { describe, expect, it } from "vitest";
import { resolveDeferPolicies } from "@/lib/deferred/policy";
import { buildDeferredSetup } from "@/lib/deferred/setup";
import { toolDefinitionTokens } from "@/lib/tokens";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import type { ToolRecord } from "@/lib/tools/types";
import { server } from "@/test/support/mcp-servers";
import { makeTool } from "@/test/support/tools";
import { offerTools } from "./probe";

/** A listed tool as the probe prices it, and the same tool as the agent's setup receives it. */
function listed(srv: string, original: string, description = `${original} does things`) {
  const tool = makeTool(`${srv}_${original}`, description);
  const tokens = toolDefinitionTokens(toOpenAIDefinition(tool));
  return {
    priced: { name: tool.name, original, description, tokens },
    entry: { tool, server: srv, originalName: original },
    record: { tool, source: "mcp", server: srv, group: null } as ToolRecord,
  };
}

const wb = server("wb", {
  command: "x",
  tools: {
    calc: { defer: "never" },
    wb_notes: { defer: "always" },
    // Names the tool for its approval only: the exposed name's entry below is not consulted.
    echo: { approval: "always" },
    wb_echo: { defer: "never" },
  },
});
const wbTools = [listed("wb", "calc"), listed("wb", "notes"), listed("wb", "echo"), listed("wb", "add")];
const fs = server("fs", { command: "x" });
const fsTools = [listed("fs", "read", "Read a file from the allowed folders, whole or in part")];

const on = (threshold: number, otherAutoTokens = 0) => ({
  toolSearch: true,
  autoThresholdTokens: threshold,
  otherAutoTokens,
});

describe("offerTools", () => {
  const autoTokens = wbTools[2].priced.tokens + wbTools[3].priced.tokens;
  const offered = (ctx: ReturnType<typeof on>) =>
    Object.fromEntries(
      offerTools(
        wb,
        wbTools.map((t) => t.priced),
        ctx,
      ).map((t) => [t.name, [t.policy, t.state, t.why]]),
    );

  it("never binds; always defers; auto defers at threshold 0; an approval-only entry keeps the default", () => {
    expect(offered(on(0))).toEqual({
      wb_calc: ["never", "bound", "defer: never"],
      wb_notes: ["always", "deferred", null],
      wb_echo: ["auto", "deferred", null],
      wb_add: ["auto", "deferred", null],
    });
  });

  it("auto binds while every auto schema, the other servers' included, fits under the threshold", () => {
    const why = `auto: MCP schemas ${autoTokens} tokens ≤ threshold ${autoTokens}`;
    expect(offered(on(autoTokens))).toMatchObject({ wb_echo: ["auto", "bound", why], wb_add: ["auto", "bound", why] });
    expect(offered(on(autoTokens, 1))).toMatchObject({
      wb_echo: ["auto", "deferred", null],
      wb_add: ["auto", "deferred", null],
    });
  });

  it("with tool_search off every tool is bound", () => {
    const off = offerTools(
      wb,
      wbTools.map((t) => t.priced),
      { ...on(0), toolSearch: false },
    );
    expect(off.every((t) => t.state === "bound" && t.why === "tool_search is off")).toBe(true);
  });

  it("predicts exactly what the agent's setup binds, and why, for every threshold around the line", () => {
    const all = [...wbTools, ...fsTools];
    const { policies } = resolveDeferPolicies(
      [wb, fs],
      all.map((t) => t.entry),
    );
    const fsAuto = fsTools[0].priced.tokens;
    for (const threshold of [0, autoTokens, autoTokens + fsAuto - 1, autoTokens + fsAuto, 100_000]) {
      const setup = buildDeferredSetup(
        all.map((t) => t.record),
        { enabled: true, maxResults: 5, policies, autoThresholdTokens: threshold },
      );
      const predicted = offerTools(
        wb,
        wbTools.map((t) => t.priced),
        on(threshold, fsAuto),
      );
      for (const t of predicted) {
        expect([t.name, t.state, t.why], `threshold ${threshold}`).toEqual([
          t.name,
          setup.bound.has(t.name) ? "bound" : "deferred",
          setup.bound.get(t.name) ?? null,
        ]);
        expect(t.policy).toBe(policies.get(t.name)?.policy);
      }
    }
  });
});
