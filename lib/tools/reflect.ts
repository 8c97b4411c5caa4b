import path from "node:path";
import { pathToFileURL } from "node:url";
import { StructuredTool, type StructuredToolInterface } from "@langchain/core/tools";
import type { ToolConfig } from "@/lib/config";
import { ConfigError } from "@/lib/config";
import { closest } from "@/lib/config/issues";
import { log } from "@/lib/log/logger";
import type { ToolContext, ToolFactory } from "./context";
import { PROJECT_TOOL_MODULES } from "./registry";

export interface ReflectContext {
  /** config.yaml, for error messages. */
  file: string;
  /** The line of the entry's `use` in config.yaml, for error messages. */
  line?: number;
  /** Folder of config.yaml: relative module paths resolve from here. */
  baseDir: string;
  /** Passed to a factory export with the entry, so the tool is built with the runtime's sandbox. */
  toolContext: ToolContext;
}

/** The npm package a module specifier is in: "@scope/pkg/sub" → "@scope/pkg", "pkg/sub" → "pkg". */
export function packageOf(spec: string): string {
  return spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
}

/** Split "module:export" at the last colon (module paths never end in a colon, Windows drives aside). */
export function splitUse(use: string): { module: string; exportName: string } {
  const i = use.lastIndexOf(":");
  return { module: use.slice(0, i), exportName: use.slice(i + 1) };
}

/** How config.yaml names Fawn's own modules (PROJECT_TOOL_MODULES). */
const PROJECT_PREFIX = "@/";

/** "; did you mean …" with the project module nearest `spec`, or nothing. */
function nearestProjectModule(spec: string): string {
  const meant = closest(spec, Object.keys(PROJECT_TOOL_MODULES));
  return meant ? `; did you mean "${meant}"?` : ` (they are: ${Object.keys(PROJECT_TOOL_MODULES).join(", ")})`;
}

function isTool(value: unknown): value is StructuredToolInterface {
  if (value instanceof StructuredTool) return true;
  const v = value as Partial<StructuredToolInterface> | null;
  return !!v && typeof v === "object" && typeof v.name === "string" && typeof v.invoke === "function" && "schema" in v;
}

async function importModule(spec: string, ctx: ReflectContext): Promise<Record<string, unknown>> {
  const own = PROJECT_TOOL_MODULES[spec];
  if (own) return own();
  const isPath = spec.startsWith(".") || path.isAbsolute(spec);
  const target = isPath ? pathToFileURL(path.resolve(ctx.baseDir, spec)).href : spec;
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ target);
}

/**
 * Load a configured tool by reflection. `use` names a project module (`@/lib/…`), an installed npm
 * package, or a JS file relative to config.yaml. The export may be a tool, or a factory returning one
 * (called with the entry and the runtime's tool context; see ToolFactory).
 */
export async function loadConfiguredTool(
  entry: ToolConfig,
  index: number,
  ctx: ReflectContext,
): Promise<{ tool: StructuredToolInterface; warning?: string }> {
  const field = `tools[${index}].use`;
  const { module: spec, exportName } = splitUse(entry.use);
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(spec, ctx);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const missing =
      err.code === "ERR_MODULE_NOT_FOUND" ||
      err.code === "MODULE_NOT_FOUND" ||
      /Cannot find (module|package)/.exec(err.message) !== null;
    const hint = spec.startsWith(PROJECT_PREFIX)
      ? `"${PROJECT_PREFIX}" names Fawn's own modules, and this is not one of them${nearestProjectModule(spec)}`
      : spec.startsWith(".") || path.isAbsolute(spec)
        ? `check the path (resolved from ${ctx.baseDir})`
        : `install it with \`npm install ${packageOf(spec)}\``;
    throw ConfigError.at(
      ctx.file,
      field,
      missing
        ? `tool "${entry.name}": module "${spec}" not found; ${hint}`
        : `tool "${entry.name}": module "${spec}" failed to load: ${err.message}`,
      ctx.line,
    );
  }
  if (!(exportName in mod)) {
    const exports = Object.keys(mod).filter((k) => k !== "default");
    const available = exports.slice(0, 12).join(", ") || "none";
    const meant = closest(exportName, exports);
    throw ConfigError.at(
      ctx.file,
      field,
      meant
        ? `tool "${entry.name}": module "${spec}" has no export "${exportName}"; did you mean "${meant}"?`
        : `tool "${entry.name}": module "${spec}" has no export "${exportName}" (exports: ${available})`,
      ctx.line,
    );
  }
  let value = mod[exportName];
  if (typeof value === "function" && !isTool(value)) {
    try {
      value = await (value as ToolFactory)(entry, ctx.toolContext);
    } catch (e) {
      throw ConfigError.at(
        ctx.file,
        field,
        `tool "${entry.name}": factory "${exportName}" of "${spec}" threw: ${(e as Error).message}`,
        ctx.line,
      );
    }
  }
  if (!isTool(value)) {
    throw ConfigError.at(
      ctx.file,
      field,
      `tool "${entry.name}": export "${exportName}" of "${spec}" is not a LangChain tool (expected an object with name, schema and invoke, or a factory returning one)`,
      ctx.line,
    );
  }
  if (value.name !== entry.name) {
    const warning = `${ctx.file}: tools[${index}].name: configured as "${entry.name}" but the tool calls itself "${value.name}"; "${value.name}" is the name that binds`;
    log("warn", "tools.name_mismatch", { message: warning });
    return { tool: value, warning };
  }
  return { tool: value };
}
