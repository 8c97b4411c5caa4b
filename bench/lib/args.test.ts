import { describe, expect, it } from "vitest";
import { booleanFlag, parseFlags } from "./args";

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
