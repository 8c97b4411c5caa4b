import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { addTool, PURE, ToolArgumentError } from "./define";
import { evaluate, ExpressionError, KNOWN_FUNCTIONS, MAX_EXPRESSION_LENGTH, tidy } from "./expression";

export function calculate(expression: string, decimals?: number): { expression: string; result: number } {
  let value: number;
  try {
    value = evaluate(expression);
  } catch (error) {
    if (error instanceof ExpressionError) throw new ToolArgumentError("expression", error.message);
    throw error;
  }
  if (decimals !== undefined) {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
      throw new ToolArgumentError("decimals", `must be an integer from 0 to 15, got ${decimals}`);
    }
    value = Number(value.toFixed(decimals));
  }
  return { expression, result: tidy(value) };
}

export function registerMathTools(server: McpServer): void {
  addTool(
    server,
    "calculate",
    {
      title: "Calculator",
      description:
        "Evaluate an arithmetic expression accurately and safely (no code execution). Supports + - * / % ^ (or **), " +
        "parentheses, factorial n!, constants pi, e, tau, and functions " +
        `${KNOWN_FUNCTIONS.join(", ")}. Trigonometry uses radians (deg()/rad() convert). ` +
        "Use this for any maths, percentages, compound interest or unit-free numeric work instead of guessing.",
      inputSchema: {
        expression: z
          .string()
          .max(MAX_EXPRESSION_LENGTH)
          .describe("The expression, e.g. '(1 + 0.05)^10 * 2500' or 'sqrt(3^2 + 4^2)'"),
        decimals: z
          .number()
          .int()
          .min(0)
          .max(15)
          .optional()
          .describe("Round the result to this many decimal places (0-15); omit for full precision"),
      },
      annotations: PURE,
    },
    ({ expression, decimals }) => calculate(expression, decimals),
  );
}
