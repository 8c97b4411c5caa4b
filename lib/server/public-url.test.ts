import { describe, expect, it } from "vitest";
import { appUrl, PublicUrlError, parsePublicUrl, publicOriginFromEnv } from "./public-url";

describe("parsePublicUrl (FAWN_PUBLIC_URL)", () => {
  it("takes an http(s) origin, normalised, and nothing when unset or blank", () => {
    expect(parsePublicUrl("https://fawn.example.com")).toBe("https://fawn.example.com");
    expect(parsePublicUrl("  https://Fawn.Example.com/ ")).toBe("https://fawn.example.com");
    expect(parsePublicUrl("https://fawn.example.com:443")).toBe("https://fawn.example.com");
    expect(parsePublicUrl("http://fawn.lan:8080")).toBe("http://fawn.lan:8080");
    expect(parsePublicUrl("https://[::1]:8443")).toBe("https://[::1]:8443");
    expect(parsePublicUrl(undefined)).toBeNull();
    expect(parsePublicUrl("   ")).toBeNull();
    expect(publicOriginFromEnv({ FAWN_PUBLIC_URL: "https://fawn.example.com/" })).toBe("https://fawn.example.com");
    expect(publicOriginFromEnv({})).toBeNull();
  });

  it("refuses anything but an origin, naming the setting and the problem", () => {
    const problem = (value: string) => {
      try {
        parsePublicUrl(value);
      } catch (e) {
        expect(e).toBeInstanceOf(PublicUrlError);
        expect((e as Error).message).toMatch(/^FAWN_PUBLIC_URL /);
        expect((e as Error).message).toContain("e.g. https://fawn.example.com");
        return (e as Error).message;
      }
      throw new Error(`${value} was accepted`);
    };
    expect(problem("fawn.example.com")).toContain('is not a URL ("fawn.example.com")');
    expect(problem("ftp://fawn.example.com")).toContain("must be http:// or https://, not ftp://");
    expect(problem("https://fawn.example.com/fawn")).toContain("without a path (/fawn)");
    expect(problem("https://fawn.example.com/?a=1")).toContain("without a query");
    expect(problem("https://fawn.example.com?")).toContain("without a query");
    expect(problem("https://fawn.example.com/#top")).toContain("without a fragment");
    // Credentials are refused and never repeated in the message.
    const creds = problem("https://admin:hunter2@fawn.example.com");
    expect(creds).toContain("must not carry credentials");
    expect(creds).not.toContain("hunter2");
    expect(problem("https://admin:hunter2@")).not.toContain("hunter2");
  });

  it("builds absolute app URLs on the public origin when set, else on the request's", () => {
    expect(appUrl("/api/mcp/oauth/callback", "https://fawn.example.com", "http://127.0.0.1:3000")).toBe(
      "https://fawn.example.com/api/mcp/oauth/callback",
    );
    expect(appUrl("/api/mcp/oauth/callback", null, "http://127.0.0.1:3000")).toBe(
      "http://127.0.0.1:3000/api/mcp/oauth/callback",
    );
  });
});
