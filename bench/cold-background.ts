/**
 * One background build in a fresh process, for bench:search to run in several (bench/lib/cold-processes.ts):
 * `tsx bench/cold-background.ts CATALOG TOOLS` builds the catalog replicated to TOOLS tools a slice at a time, as
 * the app's first index build after it starts (ToolCatalog.warm): the resources load inside that build. Prints
 * what it cost (bench/lib/background-build.ts) as one JSON line.
 */
import { loadCatalog, replicate, toSearchDocs } from "./lib/data";
import { measureBackgroundBuild } from "./lib/background-build";

const [catalog, tools] = process.argv.slice(2);
if (!catalog || !tools) throw new Error("usage: tsx bench/cold-background.ts CATALOG TOOLS");
const docs = replicate(toSearchDocs(loadCatalog(catalog)), Number(tools));
console.log(JSON.stringify(await measureBackgroundBuild(docs)));
