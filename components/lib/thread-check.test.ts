import { describe, expect, it } from "vitest";
import { foundThread, threadCheck } from "./thread-check";

describe("looking up the open thread before its history is read", () => {
  it("reads at once no thread, or one known to exist", () => {
    expect(threadCheck(null, false, null)).toBe("open");
    expect(threadCheck("t", true, null)).toBe("open");
    expect(threadCheck("t", true, { id: "t", exists: false })).toBe("open");
  });

  it("waits for the look-up of this very thread", () => {
    expect(threadCheck("t", false, null)).toBe("checking");
    expect(threadCheck("t", false, { id: "other", exists: true })).toBe("checking");
    expect(threadCheck("t", false, { id: "other", exists: false })).toBe("checking");
  });

  it("reads a thread found; a thread not found is missing, and never read", () => {
    expect(threadCheck("t", false, { id: "t", exists: true })).toBe("open");
    expect(threadCheck("t", false, { id: "t", exists: false })).toBe("missing");
  });

  it("a look-up that failed hides nothing: the history is read and reports the error itself", () => {
    expect(threadCheck("t", false, { id: "t", exists: null })).toBe("open");
  });

  it("finds the thread only in a list that has it", () => {
    expect(foundThread([{ thread_id: "t" }], "t")).toBe(true);
    expect(foundThread([{ thread_id: "u" }, { thread_id: "t", values: {} }], "t")).toBe(true);
    for (const found of [[], [{ thread_id: "u" }], [null, 3, { id: "t" }], null, undefined, { thread_id: "t" }, "t"])
      expect(foundThread(found, "t")).toBe(false);
  });
});
