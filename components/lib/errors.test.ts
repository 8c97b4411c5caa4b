import { describe, expect, it } from "vitest";
import { classifyError, failureText } from "./errors";

describe("classifyError", () => {
  it("recognises a server that cannot be reached", () => {
    const e = new Error("Unable to connect to LangGraph server. Original error: Failed to fetch");
    e.name = "ConnectionError";
    expect(classifyError(e).kind).toBe("network");
    expect(classifyError(new TypeError("Failed to fetch")).kind).toBe("network");
  });

  it("recognises a thread that no longer exists", () => {
    const e = new Error('HTTP 404: {"error":{"code":"not_found","message":"Thread t1 not found"}}');
    expect(classifyError(e)).toEqual({ kind: "missing_thread", detail: "Thread t1 not found (HTTP 404)" });
  });

  it("recognises a busy thread and keeps anything else as it is", () => {
    expect(classifyError(Object.assign(new Error("busy"), { status: 409 })).kind).toBe("busy");
    expect(classifyError({ error: "ValueError", message: "bad" })).toEqual({
      kind: "other",
      detail: "ValueError: bad",
    });
  });
});

describe("failureText", () => {
  it("says a server out of reach in the caller's words, anything else as it is", () => {
    const down = new Error("Unable to connect to LangGraph server. Original error: Failed to fetch");
    down.name = "ConnectionError";
    expect(failureText(down, "unreachable")).toBe("unreachable");
    expect(failureText(new TypeError("Failed to fetch"), "unreachable")).toBe("unreachable");
    expect(failureText(new Error("HTTP 500: boom"), "unreachable")).toBe("HTTP 500: boom");
  });
});
