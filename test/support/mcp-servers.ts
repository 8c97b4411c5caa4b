import path from "node:path";
import type { ResolvedServer } from "@/lib/config";
import { McpServerConfigSchema, transportOf } from "@/lib/config/extensions";

import { REPO_ROOT } from "./repo";

/** A server entry as extensions_config.json would produce it, for tests. */
export function server(name: string, raw: Record<string, unknown>): ResolvedServer {
  const config = McpServerConfigSchema.parse(raw);
  return { name, config, transport: transportOf(config) };
}

export const everything = (name = "everything") =>
  server(name, {
    command: "node",
    args: [path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
  });

/** The misbehaving fixture server in `mode`, as an extensions_config.json entry (`extra` merged in). */
export const fixtureConfig = (mode: string, extra: Record<string, unknown> = {}) => ({
  command: "node",
  args: ["--import", "tsx", path.join(REPO_ROOT, "servers/fixtures/misbehaving.ts"), mode, "stdio"],
  ...extra,
});

export const fixture = (name: string, mode: string, extra: Record<string, unknown> = {}) =>
  server(name, fixtureConfig(mode, extra));
