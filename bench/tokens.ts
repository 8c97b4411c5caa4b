/**
 * Tokens (o200k_base) on the first model call with every catalog tool bound vs deferred, and after 1, 3 and 10
 * promotions: `npm run -s bench:tokens -- [--catalog FILE]`. Deferred = the <available-deferred-tools> prompt
 * section + the tool_search definition + the non-deferred built-in tools. Promotions add catalog tools in
 * catalog order (the section keeps listing every deferred name, as the agent's prompt does). Figures only.
 */
import path from "node:path";
import { deferredToolsPromptSection } from "@/lib/deferred/prompt";
import { TOOL_SEARCH_DEFINITION } from "@/lib/deferred/tool-search";
import { countTokens, toolDefinitionTokens } from "@/lib/tokens";
import { builtinTools } from "@/lib/tools/builtins";
import { type OpenAIFunctionDef, toOpenAIDefinition } from "@/lib/tools/openai-def";
import { parseArgs } from "./lib/args";
import { DEFAULT_CATALOG, loadCatalog } from "./lib/data";
import { percentile } from "./lib/metrics";
import { table } from "./lib/report";

function main(): void {
  const args = parseArgs(process.argv.slice(2), ["catalog"]);
  const file = path.resolve(args.catalog ?? DEFAULT_CATALOG);
  const catalog = loadCatalog(file);
  const defs: OpenAIFunctionDef[] = catalog.map((e) => ({
    type: "function",
    function: { name: e.name, description: e.description, parameters: e.inputSchema },
  }));
  const perTool = defs.map(toolDefinitionTokens);
  // The built-ins bound on every call under default conditions (no subagents, no vision).
  const builtinDefs = builtinTools({ supportsVision: false }).map(toOpenAIDefinition);
  const builtinTokens = builtinDefs.reduce((n, d) => n + toolDefinitionTokens(d), 0);
  const searchTokens = toolDefinitionTokens(TOOL_SEARCH_DEFINITION);
  const section = countTokens(deferredToolsPromptSection(catalog.map((e) => e.name)));
  const all = perTool.reduce((a, b) => a + b, 0);
  const full = all + builtinTokens;

  const row = (label: string, bound: string, tools: number, prompt: number) => {
    const total = tools + prompt;
    return [label, bound, String(tools), String(prompt), String(total), `${((100 * total) / full).toFixed(2)} %`];
  };
  const rows = [
    row(`no deferral: ${defs.length} catalog tools + built-ins`, `${defs.length + builtinDefs.length}`, full, 0),
  ];
  const deferredBase = builtinTokens + searchTokens;
  rows.push(row("deferred, first call", `${builtinDefs.length + 1}`, deferredBase, section));
  for (const n of [1, 3, 10]) {
    const promoted = perTool.slice(0, n).reduce((a, b) => a + b, 0); // the first n catalog tools
    rows.push(
      row(
        `deferred, after ${n} promotion${n > 1 ? "s" : ""}`,
        `${builtinDefs.length + 1 + n}`,
        deferredBase + promoted,
        section,
      ),
    );
  }

  console.log(`catalog ${file}: ${defs.length} tools (o200k_base, definitions as compact JSON)\n`);
  console.log(table(["first model call", "tools bound", "tool tokens", "prompt section", "total", "of full"], rows));
  const sorted = [...perTool].sort((a, b) => a - b);
  console.log(
    `\none catalog definition: median ${percentile(sorted, 50)}, p90 ${percentile(sorted, 90)}, max ${sorted[sorted.length - 1]} tokens;` +
      ` tool_search ${searchTokens}; built-ins ${builtinTokens} (${builtinDefs.map((d) => d.function.name).join(", ") || "none"});` +
      ` deferred section ${section} tokens for ${defs.length} names`,
  );
  console.log(`deferred first call / full binding: ${((100 * (deferredBase + section)) / full).toFixed(2)} %`);
}

try {
  main();
} catch (e) {
  console.error(`bench:tokens: ${(e as Error).message}`);
  process.exit(1);
}
