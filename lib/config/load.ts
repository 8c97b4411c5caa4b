import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type AppConfig, AppConfigFileSchema } from "./app-config";
import { type Env, expandDeep } from "./env";
import { ConfigError } from "./errors";
import {
  type ExtensionsConfig,
  ExtensionsConfigSchema,
  type McpServerConfig,
  McpServerConfigSchema,
  type McpTransport,
  transportOf,
} from "./extensions";
import { parseLocated, validate } from "./parse";

export interface ConfigPaths {
  config: string;
  extensions: string;
  /** True when the extensions path was given explicitly, so a missing file is an error. */
  extensionsExplicit: boolean;
}

/** An MCP server as configured, with variables expanded; `error` says why it cannot start. */
export interface ResolvedServer {
  name: string;
  config: McpServerConfig;
  transport: McpTransport;
  error?: string;
}

export interface LoadedConfig {
  app: AppConfig;
  /** Model names whose api_key referenced an unset variable (they fall back to the demo model). */
  modelsMissingKey: string[];
  servers: ResolvedServer[];
  paths: ConfigPaths;
  /** Directory of config.yaml: relative paths in it resolve from here. */
  baseDir: string;
  /** sha256 of both files' content: changes exactly when the configuration does. */
  fingerprint: string;
  /** The line of each `tools[i].use` and `models[i].use` in config.yaml, for the errors of loading them. */
  useLines?: UseLines;
}

export function resolveConfigPaths(
  opts: { config?: string; extensions?: string } = {},
  env: Env = process.env,
  cwd: string = process.cwd(),
): ConfigPaths {
  const config = path.resolve(cwd, opts.config ?? env.FAWN_CONFIG ?? "config.yaml");
  const explicit = opts.extensions ?? env.FAWN_EXTENSIONS_CONFIG;
  const extensions = path.resolve(cwd, explicit ?? path.join(path.dirname(config), "extensions_config.json"));
  return { config, extensions, extensionsExplicit: explicit !== undefined };
}

/** The data folder of the config in `baseDir` (config.yaml's folder): FAWN_DATA_DIR, else `.fawn` beside config.yaml. */
export function dataDirOf(baseDir: string, env: Env = process.env): string {
  return path.resolve(baseDir, env.FAWN_DATA_DIR || ".fawn");
}

/** Where each entry's `use` is in config.yaml (undefined where it is not written: a default). */
export interface UseLines {
  tools: ReadonlyArray<number | undefined>;
  models: ReadonlyArray<number | undefined>;
}

export function parseAppConfig(
  text: string,
  file: string,
  env: Env,
): { app: AppConfig; modelsMissingKey: string[]; useLines: UseLines } {
  const doc = parseLocated(text, file, "yaml");
  const expanded = expandDeep(doc.data, env);
  const modelsMissingKey: string[] = [];
  for (const u of expanded.unset) {
    const keyField = /^models\[(\d+)\]\.api_key$/.exec(u.field);
    if (keyField) {
      // An unset key is not an error: the model is listed as needing a key and Fawn runs on the demo model.
      const models = (expanded.value as { models: Array<Record<string, unknown>> }).models;
      const m = models[Number(keyField[1])];
      delete m.api_key;
      modelsMissingKey.push(String(m.name ?? keyField[1]));
      continue;
    }
    const pathParts = u.field
      .split(/[.[\]]+/)
      .filter(Boolean)
      .map((p) => (/^\d+$/.exec(p) !== null ? Number(p) : p));
    throw ConfigError.at(
      file,
      u.field,
      `uses $${u.variable}, which is not set in the environment`,
      doc.lineOf(pathParts),
    );
  }
  const app = validate(AppConfigFileSchema, expanded.value, file, doc, [], doc.data);
  const useLines = {
    tools: app.tools.map((_, i) => doc.lineOf(["tools", i, "use"])),
    models: app.models.map((_, i) => doc.lineOf(["models", i, "use"])),
  };
  return { app, modelsMissingKey, useLines };
}

export function parseExtensionsConfig(text: string, file: string, env: Env): ResolvedServer[] {
  const doc = parseLocated(text, file, "json");
  // Shape first (without expansion), so a typo is reported even in a disabled server.
  const raw: ExtensionsConfig = validate(ExtensionsConfigSchema, doc.data, file, doc);
  return Object.entries(raw.mcpServers).map(([name, cfg]) => {
    const rawServer = (doc.data as { mcpServers: Record<string, unknown> }).mcpServers[name];
    const expanded = expandDeep(rawServer, env);
    const unset = expanded.unset[0];
    const error =
      unset && cfg.enabled
        ? `mcpServers.${name}.${unset.field}: $${unset.variable} is not set in the environment`
        : undefined;
    // An unset variable fails only this server, with that as its reason: what its expansion left (an empty url,
    // say) is not reported as a mistake of the file. The entry as written is kept instead.
    if (unset && !McpServerConfigSchema.safeParse(expanded.value).success)
      return { name, config: cfg, transport: transportOf(cfg), error };
    const config = validate(McpServerConfigSchema, expanded.value, file, doc, ["mcpServers", name], rawServer);
    return { name, config, transport: transportOf(config), error };
  });
}

function readFile(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw ConfigError.at(
      file,
      undefined,
      code === "ENOENT" ? "file not found" : `cannot read: ${(e as Error).message}`,
    );
  }
}

/** Read and validate both files once. Throws ConfigError naming file, line and field. */
export function loadConfigFiles(
  paths: ConfigPaths,
  env: Env = process.env,
): LoadedConfig & { texts: [string, string] } {
  const appText = readFile(paths.config);
  let extText = "{}";
  if (paths.extensionsExplicit || fs.existsSync(paths.extensions)) extText = readFile(paths.extensions);
  const { app, modelsMissingKey, useLines } = parseAppConfig(appText, paths.config, env);
  const servers = parseExtensionsConfig(extText, paths.extensions, env);
  const fingerprint = createHash("sha256").update(appText).update("\0").update(extText).digest("hex").slice(0, 16);
  return {
    app,
    modelsMissingKey,
    servers,
    paths,
    baseDir: path.dirname(paths.config),
    fingerprint,
    useLines,
    texts: [appText, extText],
  };
}
