import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { ToolRecord, ToolSource } from "@/lib/tools/types";

/** A small real tool for tests; `calls` counts how often it actually ran. */
export function makeTool(name: string, description = `${name} does things`, props: Record<string, z.ZodType> = { value: z.string() }) {
  const calls: unknown[] = [];
  const t = tool(
    async (args) => {
      calls.push(args);
      return `${name} ran`;
    },
    { name, description, schema: z.object(props) },
  );
  return Object.assign(t, { calls });
}

export function record(name: string, source: ToolSource, server: string | null = source === "mcp" ? "srv" : null): ToolRecord {
  return { tool: makeTool(name), source, server, group: null };
}
