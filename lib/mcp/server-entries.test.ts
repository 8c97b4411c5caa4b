import { describe, expect, it } from "vitest";
import { checkEntry, EntryError, maskEntry, patchEntry, resolveMasked } from "./server-entries";

describe("maskEntry", () => {
  it("masks every env and header value but bare variable references", () => {
    const masked = maskEntry({
      command: "node",
      env: { TOKEN: "abc123", FROM_ENV: "$API_TOKEN", BRACED: "${API_TOKEN}", WITH_DEFAULT: "${T:-secret}" },
      headers: { Authorization: "Bearer ${GITHUB_TOKEN}", "X-Key": "Bearer literal-secret" },
    });
    expect(masked).toEqual({
      command: "node",
      env: { TOKEN: "***", FROM_ENV: "$API_TOKEN", BRACED: "${API_TOKEN}", WITH_DEFAULT: "***" },
      headers: { Authorization: "Bearer ${GITHUB_TOKEN}", "X-Key": "***" },
    });
  });

  it("leaves the other fields, and an entry without secrets, as they are", () => {
    const entry = { type: "http", url: "https://x/mcp", description: "d" };
    expect(maskEntry(entry)).toEqual(entry);
  });
});

describe("resolveMasked", () => {
  const stored = { command: "node", env: { TOKEN: "abc123", OTHER: "x" }, headers: { A: "1" } };

  it("keeps the stored value where *** was sent back, and takes typed values as they are", () => {
    expect(resolveMasked({ command: "node", env: { TOKEN: "***", NEW: "typed" } }, stored)).toEqual({
      command: "node",
      env: { TOKEN: "abc123", NEW: "typed" },
    });
  });

  it("refuses *** for a key that has no stored value, naming the field", () => {
    expect(() => resolveMasked({ headers: { B: "***" } }, stored)).toThrow(EntryError);
    try {
      resolveMasked({ headers: { B: "***" } }, stored);
    } catch (e) {
      expect((e as EntryError).field).toBe("headers.B");
    }
    expect(() => resolveMasked({ env: { TOKEN: "***" } }, undefined)).toThrow(/env.TOKEN/);
  });
});

describe("checkEntry", () => {
  const fieldOf = (entry: Record<string, unknown>) => {
    try {
      checkEntry(entry);
      return null;
    } catch (e) {
      return (e as EntryError).field;
    }
  };

  it("accepts what the loader accepts, $VAR references included", () => {
    expect(fieldOf({ command: "node", args: ["a"], env: { K: "$V" } })).toBeNull();
    expect(fieldOf({ type: "http", url: "${BASE}/mcp", headers: { Authorization: "Bearer $T" } })).toBeNull();
  });

  it("names the field of the first problem", () => {
    expect(fieldOf({ type: "http" })).toBe("url");
    expect(fieldOf({ type: "stdio" })).toBe("command");
    expect(fieldOf({ command: "node", args: "not-a-list" })).toBe("args");
    expect(fieldOf({ command: "node", comand: "typo" })).toBe("comand");
    expect(fieldOf({ command: "node", env: { K: 3 } })).toBe("env.K");
    expect(fieldOf({ command: "node", session_init_timeout: -1 })).toBe("session_init_timeout");
  });
});

describe("patchEntry", () => {
  it("sets top-level fields and removes those set to null", () => {
    expect(patchEntry({ command: "node", enabled: true, cwd: "/x" }, { enabled: false, cwd: null })).toEqual({
      command: "node",
      enabled: false,
    });
  });
});
