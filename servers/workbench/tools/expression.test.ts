import { describe, expect, it } from "vitest";
import { evaluate, ExpressionError, tidy } from "./expression";
import { calculate } from "./math";

describe("evaluate", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["2 ^ 3 ^ 2", 512],
    ["2 ** 10", 1024],
    ["-2^2", -4],
    ["(-2)^2", 4],
    ["10 % 4", 2],
    ["5!", 120],
    ["sqrt(16) + abs(-3)", 7],
    ["max(1, 7, 3) - min(4, 2)", 5],
    ["log(1000)", 3],
    ["log(8, 2)", 3],
    ["ln(e)", 1],
    ["round(3.14159, 2)", 3.14],
    ["sin(pi / 2)", 1],
    ["cos(rad(180))", -1],
    ["1_000 * 1.5e3", 1_500_000],
    [".5 + 3 × 2 ÷ 4", 2],
    ["PI", Math.PI],
  ])("%s = %d", (expr, expected) => {
    expect(evaluate(expr)).toBeCloseTo(expected, 10);
  });

  it.each([
    ["", "empty"],
    ["1 +", "Unexpected end of expression at position 3"],
    ["(1 + 2", "Expected ')'"],
    ["1 / 0", "Division by zero at position 2"],
    ["2 $ 3", "Unexpected character '$' at position 2"],
    ["foo(1)", "Unknown function 'foo'"],
    ["x + 1", "Unknown name 'x'"],
    ["sqrt", "needs parentheses"],
    ["pow(2)", "takes 2 argument(s), got 1"],
    ["(-3)!", "non-negative integer"],
    ["sqrt(-1)", "not a finite number"],
    ["1 2", "Unexpected '2'"],
    ["process.exit()", "Unexpected character '.'"],
  ])("rejects %s", (expr, message) => {
    expect(() => evaluate(expr)).toThrow(message);
  });

  it("bounds nesting and length", () => {
    expect(() => evaluate("(".repeat(200) + "1" + ")".repeat(200))).toThrow(/nests too deeply/);
    expect(() => evaluate("1+".repeat(600) + "1")).toThrow(ExpressionError);
  });

  it("tidies float noise", () => {
    expect(tidy(0.1 + 0.2)).toBe(0.3);
  });
});

describe("calculate", () => {
  it("rounds to decimals and names the bad argument", () => {
    expect(calculate("10 / 3", 2)).toEqual({ expression: "10 / 3", result: 3.33 });
    expect(() => calculate("1 +")).toThrow("Invalid argument 'expression'");
    expect(() => calculate("1", 16)).toThrow("Invalid argument 'decimals'");
  });
});
