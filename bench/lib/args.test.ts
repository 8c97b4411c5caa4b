import { describe, expect, it } from "vitest";
import { booleanFlag, numberFlag, parseFlags } from "./args";

describe("booleanFlag", () => {
  const { flags } = parseFlags(
    ["--pools", "true", "--descriptions", "false", "--trials", "yes"],
    ["pools", "descriptions", "trials", "quiet"],
  );

  it("reads true and false, and a flag not given as false", () => {
    expect(booleanFlag(flags, "pools")).toBe(true);
    expect(booleanFlag(flags, "descriptions")).toBe(false);
    expect(booleanFlag(flags, "quiet")).toBe(false);
  });

  it("names the flag and its value when it is neither", () => {
    expect(() => booleanFlag(flags, "trials")).toThrow('--trials: "yes" is not true or false');
  });
});

describe("numberFlag", () => {
  const given = { depth: "30", rate: "0.003", hidden: "1.5", epochs: "0", seed: "abc", l2: "", batch: "Infinity" };

  it("reads a number, and the fallback when the flag is not given", () => {
    expect(numberFlag(given, "depth", 20, { min: 2, whole: true })).toBe(30);
    expect(numberFlag(given, "rate", 0.01, { min: 0 })).toBe(0.003);
    expect(numberFlag(given, "missing", 7)).toBe(7);
  });

  it("names the flag and its value when it is no number, not whole, too small or not finite", () => {
    expect(() => numberFlag(given, "seed", 1)).toThrow('--seed: "abc" is not a number');
    expect(() => numberFlag(given, "l2", 0)).toThrow('--l2: "" is not a number');
    expect(() => numberFlag(given, "hidden", 8, { min: 0, whole: true })).toThrow(
      '--hidden: "1.5" is not a whole number of at least 0',
    );
    expect(() => numberFlag(given, "epochs", 30, { min: 1, whole: true })).toThrow(
      '--epochs: "0" is not a whole number of at least 1',
    );
    expect(() => numberFlag(given, "batch", 128)).toThrow('--batch: "Infinity" is not a number');
  });
});
