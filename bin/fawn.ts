import { parseArgs } from "node:util";
import { buildInventory, threadPromoted } from "@/lib/agent/inventory";
import { runTurn, type TurnEvent } from "@/lib/agent/run-turn";
import { FawnRuntime } from "@/lib/agent/runtime";
import { toolsResponse } from "@/lib/agent/tools-response";
import { ThreadIdSchema } from "@/lib/contracts/thread-id";
import { answerNotes, findTools } from "@/lib/deferred/tool-search";
import { formatInventoryTable, formatSearchTable, formatTokenLine } from "./format";
import { mcpMain } from "./mcp";

const USAGE = `Usage:
  fawn tools  [--config F] [--extensions F] [--thread ID] [--json] [--tokens]
  fawn search "QUERY" [--config F] [--extensions F] [--json]
  fawn chat "MESSAGE" [--thread ID] [--model NAME] [--config F] [--extensions F] [--jsonl]
  fawn mcp list|add|enable|disable|remove|test|login|logout …   (fawn mcp --help)`;

async function main(argv: string[]): Promise<number> {
  // `mcp` has options of its own (--command, --arg, --env, …).
  if (argv[0] === "mcp") return mcpMain(argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: "string" },
      extensions: { type: "string" },
      thread: { type: "string" },
      model: { type: "string" },
      json: { type: "boolean", default: false },
      tokens: { type: "boolean", default: false },
      jsonl: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  if (values.thread !== undefined && !ThreadIdSchema.safeParse(values.thread).success) {
    process.stderr.write(
      `fawn: --thread ${JSON.stringify(values.thread)}: ${ThreadIdSchema.safeParse(values.thread).error?.issues[0]?.message}\n`,
    );
    return 2;
  }
  const fawn = new FawnRuntime({ config: values.config, extensions: values.extensions });
  try {
    const runtime = await fawn.get();
    if (command === "tools") {
      if (values.tokens) {
        // The same document as GET /api/tools: the inventory plus o200k token costs.
        const withTokens = await toolsResponse(runtime, values.thread ?? null);
        process.stdout.write(
          values.json
            ? `${JSON.stringify(withTokens, null, 2)}\n`
            : `${formatInventoryTable(withTokens)}${formatTokenLine(withTokens.tokens)}`,
        );
        return 0;
      }
      const promoted = values.thread ? await threadPromoted(runtime, values.thread) : undefined;
      const inv = buildInventory(runtime, values.thread ? { id: values.thread, promoted } : undefined);
      process.stdout.write(values.json ? `${JSON.stringify(inv, null, 2)}\n` : formatInventoryTable(inv));
      return 0;
    }
    if (command === "search") {
      const query = rest.join(" ");
      const catalog = runtime.built.setup.catalog;
      if (!catalog)
        throw new Error(
          "nothing is deferred (tool_search is disabled or no MCP tools loaded), so there is nothing to search",
        );
      // As tool_search finds them (alternatives, `server:` scopes), before its promotion policy.
      const max = runtime.config.app.tool_search.max_results;
      const result = await findTools(catalog, query, [], max);
      for (const note of answerNotes(catalog, result, max)) process.stderr.write(`${note}\n`);
      const { found } = result;
      const out = found.map(({ entry: e }) => ({
        name: e.name,
        server: e.server,
        description: e.definition.function.description,
      }));
      process.stdout.write(
        values.json
          ? `${JSON.stringify({ query, catalog_hash: catalog.hash, results: out }, null, 2)}\n`
          : formatSearchTable(query, out),
      );
      return 0;
    }
    if (command === "chat") {
      const message = rest.join(" ");
      if (!message.trim()) throw new Error('chat needs a message: fawn chat "…"');
      let failed: string | null = null;
      const print = (e: TurnEvent) => {
        if (e.type === "error") failed = e.message;
        if (values.jsonl) return void process.stdout.write(`${JSON.stringify(e)}\n`);
        if (e.type === "token") process.stdout.write(e.text);
        else if (e.type === "tool_call") process.stderr.write(`\n→ ${e.name} ${JSON.stringify(e.args)}\n`);
        else if (e.type === "tool_result")
          process.stderr.write(
            `← ${e.name} [${e.status}] ${e.content.slice(0, 300)}${e.content.length > 300 ? "…" : ""}\n`,
          );
        else if (e.type === "promoted") process.stderr.write(`★ promoted: ${e.names.join(", ")}\n`);
        else if (e.type === "interrupt") process.stderr.write(`? the agent asks: ${JSON.stringify(e.value)}\n`);
        else if (e.type === "done") process.stderr.write(`\nthread: ${e.thread_id}\n`);
      };
      const { ok } = await runTurn(runtime, { message, threadId: values.thread, modelName: values.model }, print);
      if (!ok) process.stderr.write(`fawn chat: ${failed}\n`);
      return ok ? 0 : 1;
    }
    process.stderr.write(`unknown command "${command}"\n${USAGE}\n`);
    return 2;
  } finally {
    await fawn.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: Error) => {
    process.stderr.write(`fawn: ${e.message}\n`);
    process.exit(1);
  },
);
