import { describe, expect, it } from "vitest";
import { within } from "./connect";

describe("within", () => {
  it("gives the work's own answer or error when it settles first", async () => {
    await expect(within(5000, "listing", Promise.resolve(7))).resolves.toBe(7);
    await expect(within(5000, "listing", Promise.reject(new Error("refused")))).rejects.toThrow("refused");
  });

  it("rejects naming what timed out and after how long", async () => {
    const never = new Promise<never>(() => undefined);
    await expect(within(20, "tools/list", never)).rejects.toThrow("tools/list timed out after 0.02s");
  });
});
