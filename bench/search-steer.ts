/**
 * A model steering the search: a helper who sees no search code and no labels plays the agent, and the real
 * tool_search answers it (bench/steer/README.md says who played it and with which prompt).
 *
 *   npm run -s bench:search-steer -- --catalog F --queries F --prepare DIR
 *     writes DIR/prompt.txt (the system prompt's deferred-tools section for this catalog with the app's default
 *     settings, and tool_search's definition as the model is given it) and DIR/requests.json (the requests numbered,
 *     without labels or styles): what the helper is given.
 *   npm run -s bench:search-steer -- --catalog F --requests DIR/requests.json --calls IN --out OUT
 *     runs a round of calls (`[{id, query, queries?}]`) through tool_search and writes each call with its answer,
 *     word for word as the model would read it, to OUT. It reads the prepared requests, not the labelled set, so
 *     the command the helper runs names no labelled file.
 *   npm run -s bench:search-steer -- --catalog F --queries F --answers F
 *     replays every call of the answers (`[{id, calls: [{query, queries?}], pick}]`) and prints per style: the
 *     request itself as the query (one call), the helper's first call, any of its calls (a labelled tool loaded),
 *     its pick labelled, its pick labelled and loaded, and calls per request.
 *
 * It never prints a request, so it can be read without reading the set.
 */
import fs from "node:fs";
import path from "node:path";
import type { ToolMessage } from "@langchain/core/messages";
import type { Command } from "@langchain/langgraph";
import { AppConfigSchema } from "@/lib/config/app-config";
import type { ToolCatalog } from "@/lib/deferred/catalog";
import { buildListing } from "@/lib/deferred/listing";
import type { PromoteUpdate } from "@/lib/deferred/promoted";
import { createToolSearchTool } from "@/lib/deferred/tool-search";
import { toOpenAIDefinition } from "@/lib/tools/openai-def";
import { parseFlags } from "./lib/args";
import { benchCatalog } from "./lib/catalog-tools";
import { loadCatalog, loadQueries, readJson } from "./lib/data";
import { writeRequests } from "./lib/reader";
import { pct, table } from "./lib/report";
import { type SteerCall, steerAnswers, steerCalls, steerScores } from "./lib/steer";

/** tool_search's settings as the app has them by default (config.yaml without a `tool_search` block). */
const SETTINGS = AppConfigSchema.shape.tool_search.parse(undefined);

function searchTool(catalog: ToolCatalog) {
  return createToolSearchTool(catalog, SETTINGS.max_results, undefined, {
    minRelativeScore: SETTINGS.min_relative_score,
    budget: { tokens: SETTINGS.promoted_budget_tokens, count: SETTINGS.promoted_max_tools },
  });
}

/** One call as the model makes it: the answer's text, and the names it loaded (from the promotion, not the text). */
async function run(tool: ReturnType<typeof searchTool>, call: SteerCall): Promise<{ text: string; loaded: string[] }> {
  const out = (await tool.invoke({
    id: "call",
    name: "tool_search",
    args: call.queries ? { query: call.query, queries: call.queries } : { query: call.query },
    type: "tool_call",
  })) as unknown as Command;
  const update = out.update as { messages: ToolMessage[]; promoted?: PromoteUpdate };
  return { text: String(update.messages[0]!.content), loaded: update.promoted?.tools.map((t) => t.name) ?? [] };
}

async function main(): Promise<void> {
  const { flags } = parseFlags(process.argv.slice(2), [
    "catalog",
    "queries",
    "requests",
    "prepare",
    "calls",
    "out",
    "answers",
  ]);
  if (!flags.catalog) throw new Error("--catalog is required");
  const catalog = benchCatalog(loadCatalog(flags.catalog));
  const tool = searchTool(catalog);
  if (flags.calls) {
    if (!flags.out || !flags.requests) throw new Error("--calls needs --requests FILE and --out FILE");
    const requests = readJson(flags.requests);
    if (!Array.isArray(requests)) throw new Error(`${flags.requests}: expected the prepared requests.json (an array)`);
    const calls = steerCalls(readJson(flags.calls), flags.calls, requests.length);
    const parts: string[] = [];
    for (const { id, ...call } of calls) {
      const { text } = await run(tool, call);
      parts.push(`=== request ${id} ===\ncall: tool_search(${JSON.stringify(call)})\nanswer:\n${text}\n`);
    }
    fs.writeFileSync(flags.out, parts.join("\n"));
    console.log(`wrote ${flags.out} (${calls.length} calls)`);
    return;
  }
  if (!flags.queries) throw new Error("--queries is required with --prepare and --answers");
  const queries = loadQueries(flags.queries);
  if (flags.prepare) {
    const listing = buildListing(catalog, { setting: SETTINGS.listing, maxTokens: SETTINGS.listing_max_tokens });
    const definition = JSON.stringify(toOpenAIDefinition(tool), null, 1);
    writeRequests(flags.prepare, queries);
    fs.writeFileSync(
      path.join(flags.prepare, "prompt.txt"),
      `${listing.section}\n\nThe tool_search tool, as the model is given it:\n${definition}\n`,
    );
    console.log(`wrote ${flags.prepare}/prompt.txt (listing: ${listing.mode}) and requests.json (${queries.length})`);
    return;
  }
  if (!flags.answers) throw new Error("give --prepare DIR, --calls FILE --out FILE, or --answers FILE");
  const answers = steerAnswers(readJson(flags.answers), flags.answers, queries.length, catalog.names);
  const rawLoaded: string[][] = [];
  const loaded: string[][][] = [];
  for (const [i, q] of queries.entries()) {
    rawLoaded.push((await run(tool, { query: q.query })).loaded);
    const mine: string[][] = [];
    for (const call of answers[i]!.calls) mine.push((await run(tool, call)).loaded);
    loaded.push(mine);
  }
  const rows = steerScores(queries, answers, rawLoaded, loaded).map((s) => [
    s.style,
    String(s.n),
    pct(s.raw / s.n),
    pct(s.first / s.n),
    pct(s.any / s.n),
    pct(s.pick / s.n),
    pct(s.pickLoaded / s.n),
    (s.calls / s.n).toFixed(2),
  ]);
  console.log(
    table(
      ["style", "n", "request as query", "first call", "any call", "pick right", "pick right, loaded", "calls"],
      rows,
    ),
  );
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
