import type { SearchDoc, ToolSearcher } from "@/lib/deferred/search";
export const ENGINE_FACTORIES: Record<string, (docs: SearchDoc[]) => ToolSearcher> = {};
