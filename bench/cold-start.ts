/**
 * One cold start, for bench:search to run in fresh processes (bench/lib/cold-processes.ts):
 * `tsx bench/cold-start.ts CATALOG QUERY TOOLS` loads every resource and searches once (as bench/lib/resources.ts
 * coldStart does), then builds the catalog replicated to TOOLS tools once, and prints both times as one JSON line.
 */
import { createToolSearcher } from "@/lib/deferred/search";
import { loadCatalog, replicate, toSearchDocs } from "./lib/data";
import { coldStart } from "./lib/resources";

const [catalog, query, tools] = process.argv.slice(2);
if (!catalog || query === undefined || !tools) throw new Error("usage: tsx bench/cold-start.ts CATALOG QUERY TOOLS");
const docs = toSearchDocs(loadCatalog(catalog));
const firstSearchMs = coldStart(docs, query).total.ms;
const large = replicate(docs, Number(tools));
const t0 = performance.now();
createToolSearcher(large);
console.log(JSON.stringify({ firstSearchMs, largeBuildMs: performance.now() - t0 }));
