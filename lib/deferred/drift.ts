import type { CatalogChange } from "@/lib/contracts/inventory";
import type { ToolCatalog } from "./catalog";

export type { CatalogChange };

/** The per-tool difference between two catalogs; null when no tool changed. */
export function diffCatalogs(
  before: ToolCatalog | null,
  after: ToolCatalog | null,
  at: Date = new Date(),
): CatalogChange | null {
  const old = before?.toolHashes ?? new Map<string, string>();
  const now = after?.toolHashes ?? new Map<string, string>();
  const added = [...now.keys()].filter((n) => !old.has(n)).sort();
  const removed = [...old.keys()].filter((n) => !now.has(n)).sort();
  const changed = [...now.keys()]
    .filter((n) => old.has(n) && old.get(n) !== now.get(n))
    .sort()
    .map((name) => {
      const a = before?.get(name)?.definition.function;
      const b = after?.get(name)?.definition.function;
      const fields: Array<"description" | "parameters"> = [];
      if (a?.description !== b?.description) fields.push("description");
      if (JSON.stringify(a?.parameters) !== JSON.stringify(b?.parameters)) fields.push("parameters");
      return { name, fields };
    });
  if (added.length + removed.length + changed.length === 0) return null;
  return {
    from_hash: before?.hash ?? null,
    to_hash: after?.hash ?? null,
    at: at.toISOString(),
    added,
    removed,
    changed,
  };
}
