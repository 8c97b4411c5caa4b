import { describe, expect, it } from "vitest";
import { errorText } from "./message-content";

describe("errorText", () => {
  it("shows the API's own message for an SDK HTTP error", () => {
    expect(errorText(new Error('HTTP 404: {"error":{"code":"not_found","message":"Thread x not found"}}'))).toBe(
      "Thread x not found (HTTP 404)",
    );
  });
  it("keeps other errors as they are", () => {
    expect(errorText(new TypeError("fetch failed"))).toBe("TypeError: fetch failed");
    expect(errorText({ error: "StreamError", message: "boom" })).toBe("StreamError: boom");
    expect(errorText("plain")).toBe("plain");
  });
});
