/**
 * One cold start, for bench:search to run in fresh processes (bench/lib/cold-processes.ts):
 * `tsx bench/cold-start.ts CATALOG QUERY TOOLS [LIVE]` loads every resource and searches once (as
 * bench/lib/resources.ts coldStart does), then builds the catalog replicated to TOOLS tools once, and prints both
 * times as one JSON line. With LIVE, the process first holds that many small live objects, a stand-in for what a
 * server holds besides the search (with 200,000 the heap in use before the build is about 115 MB, near the app's
 * own after boot and a chat run): a build collects garbage over the whole heap, so the same build is slower in a
 * fuller process. `heapMb` is the heap in use just before the build.
 */
import { createToolSearcher } from "@/lib/deferred/search";
import { loadCatalog, replicate, toSearchDocs } from "./lib/data";
import { coldStart } from "./lib/resources";

const [catalog, query, tools, live = "0"] = process.argv.slice(2);
if (!catalog || query === undefined || !tools)
  throw new Error("usage: tsx bench/cold-start.ts CATALOG QUERY TOOLS [LIVE]");
const held: Array<{ id: number; label: string; pair: number[] }> = [];
for (let i = 0; i < Number(live); i++) held.push({ id: i, label: `s${i % 1000}`, pair: [i, i + 1] });
const docs = toSearchDocs(loadCatalog(catalog));
const firstSearchMs = coldStart(docs, query).total.ms;
const large = replicate(docs, Number(tools));
const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
const t0 = performance.now();
createToolSearcher(large);
const largeBuildMs = performance.now() - t0;
console.log(JSON.stringify({ firstSearchMs, largeBuildMs, heapMb, held: held.length }));
