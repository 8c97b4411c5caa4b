// The workbench MCP server: Fawn's own offline tools. A fresh McpServer per call is cheap,
// which is what stateless Streamable HTTP needs (one server + transport per request).
import path from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerDataTools } from "./tools/data";
import { registerEncodingTools } from "./tools/encoding";
import { registerMathTools } from "./tools/math";
import { NotesStore } from "./tools/notes-store";
import { registerNotesTools } from "./tools/notes";
import { registerTextTools } from "./tools/text";
import { registerTimeTools } from "./tools/time";
import { registerUnitTools } from "./tools/units";

export const WORKBENCH_NAME = "workbench";
export const WORKBENCH_VERSION = "0.1.0";
export const DEFAULT_DATA_DIR = ".fawn/workbench";

export interface WorkbenchOptions {
  /** Where notes are stored; default: env WORKBENCH_DATA_DIR, else `.fawn/workbench` under the working directory. */
  dataDir?: string;
  /** Clock for current_time and note timestamps (tests pin it). */
  now?: () => Date;
}

export function resolveDataDir(dataDir?: string): string {
  return path.resolve(dataDir ?? process.env.WORKBENCH_DATA_DIR ?? DEFAULT_DATA_DIR);
}

/**
 * What the server says it is for (serverInfo.description): what a client shows, and Fawn's tool search reads, when
 * its config gives none.
 */
export const WORKBENCH_DESCRIPTION =
  "Offline everyday tools: a calculator, units, dates and time zones, text, hashing, JSON/CSV and a notebook";

export function createWorkbenchServer(opts: WorkbenchOptions = {}): McpServer {
  const now = opts.now ?? (() => new Date());
  const server = new McpServer(
    { name: WORKBENCH_NAME, version: WORKBENCH_VERSION, description: WORKBENCH_DESCRIPTION },
    {
      capabilities: { tools: {} },
      instructions:
        "Offline utility tools: calculator, unit conversion, dates and time zones, text statistics, regex, hashing, base64, UUIDs, JSON/CSV handling, and a persistent notebook.",
    },
  );
  registerMathTools(server);
  registerUnitTools(server);
  registerTimeTools(server, now);
  registerTextTools(server);
  registerEncodingTools(server);
  registerDataTools(server);
  registerNotesTools(server, new NotesStore(resolveDataDir(opts.dataDir), now));
  return server;
}
