import { describe, expect, it } from "vitest";
import { ExtensionsConfigSchema } from "@/lib/config/extensions";
import { McpServerStateSchema } from "./mcp";
import { McpServerViewSchema, needsSignIn, ServerNameSchema, splitPair } from "./mcp-servers";

describe("ServerNameSchema", () => {
  it("takes 1-32 letters, digits, _ and -", () => {
    for (const ok of ["a", "gh_2-x", "x".repeat(32)]) expect(ServerNameSchema.safeParse(ok).success).toBe(true);
    for (const bad of ["", "x".repeat(33), "no spaces!", "a/b", "é"])
      expect(ServerNameSchema.safeParse(bad).success).toBe(false);
  });

  it("is the rule the config file's server names are checked by", () => {
    const parsed = ExtensionsConfigSchema.safeParse({ mcpServers: { "a/b": { command: "node" } } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      code: "invalid_key",
      path: ["mcpServers", "a/b"],
      issues: [{ message: "server names must match ^[A-Za-z0-9_-]{1,32}$" }],
    });
    expect(ExtensionsConfigSchema.safeParse({ mcpServers: { "gh_2-x": { command: "node" } } }).success).toBe(true);
  });
});

describe("McpServerViewSchema.status", () => {
  it("is every state of a loaded server, or pending", () => {
    expect(McpServerViewSchema.shape.status.options).toEqual([...McpServerStateSchema.options, "pending"]);
    expect(McpServerViewSchema.shape.status.safeParse("signin").success).toBe(false);
  });
});

describe("needsSignIn", () => {
  const auth = { oauth: true, signed_in: false, required: true, expires_at: null };
  it("is an enabled server that answered 401 with no usable token", () => {
    expect(needsSignIn({ enabled: true, auth })).toBe(true);
    expect(needsSignIn({ enabled: false, auth })).toBe(false);
    expect(needsSignIn({ enabled: true, auth: { ...auth, required: false } })).toBe(false);
    expect(needsSignIn({ enabled: true, auth: { ...auth, signed_in: true } })).toBe(false);
  });
});

describe("splitPair", () => {
  it("splits at the first separator; a header value is trimmed, an env value kept as typed", () => {
    expect(splitPair("A=x=y ", "=")).toEqual(["A", "x=y "]);
    expect(splitPair(" TOKEN =  v", "=")).toEqual(["TOKEN", "  v"]);
    expect(splitPair("Authorization:  Bearer a:b ", ":")).toEqual(["Authorization", "Bearer a:b"]);
  });

  it("is null with nothing before the separator, or none at all", () => {
    expect(splitPair("=x", "=")).toBeNull();
    expect(splitPair("JUSTAKEY", "=")).toBeNull();
    expect(splitPair("no colon here", ":")).toBeNull();
  });
});
