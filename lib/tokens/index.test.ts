import { describe, expect, it } from "vitest";
import { countTokens, toolDefinitionTokens } from "./index";

describe("countTokens (o200k_base)", () => {
  it("counts known strings", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("hello")).toBe(1);
  });

  it("counts special-token markers as plain text instead of throwing", () => {
    expect(countTokens("a <|endoftext|> b")).toBeGreaterThan(3);
  });

  it("counts a tool definition as its compact JSON", () => {
    const def = {
      type: "function" as const,
      function: {
        name: "get_current_time",
        description: "Get current time in a specific timezone",
        parameters: { type: "object", properties: { timezone: { type: "string" } } },
      },
    };
    expect(toolDefinitionTokens(def)).toBe(countTokens(JSON.stringify(def)));
    // Compact JSON, not pretty-printed: indentation would add tokens.
    expect(toolDefinitionTokens(def)).toBeLessThan(countTokens(JSON.stringify(def, null, 2)));
  });
});
