import { describe, expect, it } from "vitest";
import { redact, secretsOf } from "./redact";

describe("redact", () => {
  const config = {
    app: { models: [{ api_key: "sk-live-123456" }] },
    servers: [
      { config: { env: { TOKEN: "ghp_abcdef", SHORT: "x" }, headers: { Authorization: "Bearer tok-987654" } } },
    ],
  } as unknown as Parameters<typeof secretsOf>[0];
  it("collects keys, env values and header values (and bearer tokens alone)", () => {
    expect(secretsOf(config)).toEqual(
      expect.arrayContaining(["sk-live-123456", "ghp_abcdef", "Bearer tok-987654", "tok-987654"]),
    );
    expect(secretsOf(config)).not.toContain("x");
  });
  it("collects the PostgreSQL password (and URL) of the checkpointer", () => {
    const withDb = {
      app: { models: [], checkpointer: { type: "postgres", url: "postgres://fawn:pa%24%24word@db/fawn" } },
      servers: [],
    } as unknown as Parameters<typeof secretsOf>[0];
    expect(secretsOf(withDb)).toEqual(expect.arrayContaining(["pa$$word", "postgres://fawn:pa%24%24word@db/fawn"]));
  });
  it("masks every occurrence", () => {
    expect(redact("key sk-live-123456 and tok-987654 twice tok-987654", secretsOf(config))).toBe(
      "key *** and *** twice ***",
    );
  });
});
