import { describe, expect, it } from "vitest";
import { isDark, nextTheme, parseTheme } from "./theme";

describe("theme preference", () => {
  it("reads what was stored, defaulting to the system's", () => {
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme(null)).toBe("system");
    expect(parseTheme("purple")).toBe("system");
  });

  it("cycles through the three choices", () => {
    expect([nextTheme("light"), nextTheme("dark"), nextTheme("system")]).toEqual(["dark", "system", "light"]);
  });

  it("follows the system only when asked to", () => {
    expect(isDark("system", true)).toBe(true);
    expect(isDark("system", false)).toBe(false);
    expect(isDark("light", true)).toBe(false);
    expect(isDark("dark", false)).toBe(true);
  });
});
