import { tool } from "@langchain/core/tools";
import { ToolCatalog } from "@/lib/deferred/catalog";
import type { CatalogEntry } from "./data";

/**
 * The shared catalog as a real ToolCatalog (each entry a LangChain tool with its JSON schema), repeated
 * to `size` tools the way bench:search does: copies get a `_r<k>` name suffix and keep their server (or,
 * with `copiesAsServers`, come from new servers).
 */
export function benchCatalog(
  entries: readonly CatalogEntry[],
  size = entries.length,
  /** Copies come from new servers (`server_r<k>`) instead: a catalog that grows in servers too. */
  copiesAsServers = false,
): ToolCatalog {
  const out: Array<{ tool: ReturnType<typeof tool>; server: string }> = [];
  for (let k = 0; out.length < size; k++) {
    for (const e of entries) {
      if (out.length >= size) break;
      const name = k === 0 ? e.name : `${e.name}_r${k}`;
      const t = tool(async () => "", { name, description: e.description, schema: e.inputSchema as never });
      out.push({ tool: t, server: k > 0 && copiesAsServers ? `${e.server}_r${k}` : e.server });
    }
  }
  return new ToolCatalog(out);
}

/** A copy's base name (`x_r3` → `x`), so a replica that answers a query counts as its original. */
export const baseName = (name: string) => name.replace(/_r\d+$/, "");
