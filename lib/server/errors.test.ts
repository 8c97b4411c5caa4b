import { describe, expect, test } from "vitest";
import { publicError, redactSecrets } from "./errors";

describe("errors", () => {
  test("credentials are masked", () => {
    expect(redactSecrets("bad key sk-abcdefghijklmnopqrstuv here")).toBe("bad key sk-*** here");
    expect(redactSecrets("Authorization: Bearer abcdefghijklmnop")).toBe("Authorization: Bearer ***");
    expect(redactSecrets("url?api_key=abcdef&x=1 token: 'zzzzzz'")).toBe("url?api_key=***&x=1 token: '***'");
    expect(redactSecrets("nothing secret")).toBe("nothing secret");
  });

  test("publicError gives name and message, never a stack", () => {
    const e = new TypeError("boom");
    expect(publicError(e)).toEqual({ error: "TypeError", message: "boom" });
    expect(publicError("plain")).toEqual({ error: "Error", message: "plain" });
    expect(publicError({ code: 1 })).toEqual({ error: "Error", message: '{"code":1}' });
    expect(publicError(new Error("x".repeat(5000))).message.length).toBeLessThan(4100);
  });
});
