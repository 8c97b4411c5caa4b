import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ToolCatalog } from "@/lib/deferred/catalog";
import type { SearchDoc } from "@/lib/deferred/search";
import type { ToolRecord, ToolSource } from "@/lib/tools/types";

/** A small real tool for tests; `calls` counts how often it actually ran. */
export function makeTool(
  name: string,
  description = `${name} does things`,
  props: Record<string, z.ZodType> = { value: z.string() },
) {
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

/** A search document for a tool of `server` (none when undefined) with a schema that says nothing. */
export function searchDoc(name: string, server: string | undefined, description: string): SearchDoc {
  return { name, server, description, parameters: { type: "object" } };
}

/** A catalog whose search documents are exactly `docs` (each tool's schema is the doc's JSON Schema). */
export function catalogOfDocs(docs: readonly SearchDoc[]): ToolCatalog {
  return new ToolCatalog(
    docs.map((d) => ({
      tool: tool(async () => `${d.name} ran`, { name: d.name, description: d.description, schema: d.parameters }),
      server: d.server ?? null,
    })),
  );
}

export function record(
  name: string,
  source: ToolSource,
  server: string | null = source === "mcp" ? "srv" : null,
): ToolRecord {
  return { tool: makeTool(name), source, server, group: null };
}

/** A small seeded PRNG, so a failing case can be replayed from its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
