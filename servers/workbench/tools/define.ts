// Shared plumbing for workbench tools: argument errors that name the culprit,
// and a registration helper that turns thrown errors into MCP `isError` results
// (so a bad argument never becomes a protocol error the agent cannot read).
import type { McpServer, ToolCallback } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ShapeOutput, ZodRawShapeCompat } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

/** Thrown by tool logic when one argument is wrong; the message names it. */
export class ToolArgumentError extends Error {
  constructor(
    readonly argument: string,
    detail: string,
  ) {
    super(`Invalid argument '${argument}': ${detail}`);
    this.name = "ToolArgumentError";
  }
}

export interface ToolSpec<Shape extends ZodRawShapeCompat> {
  title: string;
  description: string;
  inputSchema: Shape;
  annotations?: ToolAnnotations;
}

/** Pure tools: no side effects, same answer for the same input, nothing outside the process. */
export const PURE: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

export function toResult(value: unknown): CallToolResult {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  return { content: [{ type: "text", text }] };
}

export function toErrorResult(tool: string, error: unknown): CallToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: "text", text: `${tool}: ${message}` }] };
}

/** Register one tool whose logic returns a string or JSON-able value, or throws. */
export function addTool<Shape extends ZodRawShapeCompat>(
  server: McpServer,
  name: string,
  spec: ToolSpec<Shape>,
  run: (args: ShapeOutput<Shape>) => unknown,
): void {
  const handler = async (args: ShapeOutput<Shape>): Promise<CallToolResult> => {
    try {
      return toResult(await run(args));
    } catch (error) {
      return toErrorResult(name, error);
    }
  };
  // ToolCallback<Shape> is a conditional type TS cannot resolve for a generic Shape.
  server.registerTool(name, spec, handler as unknown as ToolCallback<Shape>);
}
