import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { isValidToolName, mcpToolName } from "./names";

export interface CheckedTool {
  tool: Tool;
  /** The name the model will see. */
  exposedName: string;
}

/**
 * Keep the tools a model can be given: valid exposed names, object input schemas, no duplicates
 * within the server. Everything dropped comes back as a warning naming server and tool.
 */
export function checkServerTools(
  server: string,
  tools: Tool[],
  prefix: boolean,
): { ok: CheckedTool[]; warnings: string[] } {
  const ok: CheckedTool[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    const exposedName = mcpToolName(server, String(tool.name), prefix);
    if (!isValidToolName(exposedName)) {
      warnings.push(`${server}: tool "${tool.name}" dropped: name "${exposedName}" is not ^[A-Za-z0-9_-]{1,64}$`);
      continue;
    }
    const schema = tool.inputSchema as unknown;
    if (
      !schema ||
      typeof schema !== "object" ||
      Array.isArray(schema) ||
      (schema as { type?: unknown }).type !== "object"
    ) {
      warnings.push(`${server}: tool "${tool.name}" dropped: inputSchema is not a JSON object schema`);
      continue;
    }
    if (seen.has(exposedName)) {
      warnings.push(`${server}: tool "${tool.name}" dropped: the server lists it twice`);
      continue;
    }
    seen.add(exposedName);
    ok.push({ tool, exposedName });
  }
  return { ok, warnings };
}
