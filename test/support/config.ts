import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "./repo";

/** A throwaway config folder: demo model, the given MCP servers, a SQLite file of its own. */
export function tempConfig(opts: { servers?: Record<string, unknown>; extraYaml?: string; dir?: string } = {}): {
  dir: string;
  config: string;
  extensions: string;
} {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "fawn-agent-"));
  const config = path.join(dir, "config.yaml");
  const extensions = path.join(dir, "extensions_config.json");
  fs.writeFileSync(
    config,
    `models:\n  - name: demo\n    display_name: Demo (offline)\n    model: fawn-demo\n  - name: other\n    model: other-demo\ncheckpointer:\n  path: threads.sqlite\nsandbox:\n  root: sandbox\n${opts.extraYaml ?? ""}`,
  );
  fs.writeFileSync(
    extensions,
    JSON.stringify({ mcpServers: opts.servers ?? { everything: everythingEntry() } }, null, 2),
  );
  return { dir, config, extensions };
}

export function everythingEntry(): Record<string, unknown> {
  return {
    command: "node",
    args: [path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
  };
}
