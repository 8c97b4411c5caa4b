// CLI: node --import tsx servers/workbench/main.ts [stdio|http] [--port N] [--host 127.0.0.1] [--data DIR]
import { parseServeArgs, serve, UsageError } from "./cli";
import { createWorkbenchServer, resolveDataDir } from "./server";

export const DEFAULT_PORT = 3917;
const USAGE =
  "usage: node --import tsx servers/workbench/main.ts [stdio|http] [--port N] [--host 127.0.0.1] [--data DIR]";

try {
  const args = parseServeArgs(process.argv.slice(2), { defaultPort: DEFAULT_PORT, extraOptions: ["data"] });
  if (args.positionals.length) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
  const dataDir = resolveDataDir(args.options.data);
  await serve("workbench", () => createWorkbenchServer({ dataDir }), args);
} catch (error) {
  const usage = error instanceof UsageError ? `\n${USAGE}` : "";
  process.stderr.write(`workbench: ${(error as Error).message}${usage}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
