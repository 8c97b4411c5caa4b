import { describe, expect, it } from "vitest";
import { BoundedMemo } from "./bounded-memo";

describe("BoundedMemo", () => {
  it("computes a key once, including values that are falsy", () => {
    const memo = new BoundedMemo<string, string | null | boolean>(10);
    let calls = 0;
    const make = (v: string | null | boolean) => () => {
      calls++;
      return v;
    };
    expect(memo.remember("a", make(null))).toBeNull();
    expect(memo.remember("a", make("other"))).toBeNull();
    expect(memo.remember("b", make(false))).toBe(false);
    expect(memo.remember("b", make(true))).toBe(false);
    expect(calls).toBe(2);
  });

  it("starts again when full, so it never holds more than max keys", () => {
    const memo = new BoundedMemo<number, number>(3);
    for (let i = 0; i < 10; i++) {
      memo.remember(i, () => i * i);
      expect(memo.size).toBeLessThanOrEqual(3);
    }
    expect(memo.get(9)).toBe(81);
    expect(memo.get(0)).toBeUndefined();
  });

  it("tells its owner each time it starts again", () => {
    let cleared = 0;
    const memo = new BoundedMemo<number, number>(2, () => cleared++);
    for (let i = 0; i < 5; i++) memo.remember(i, () => i);
    expect(cleared).toBe(2);
  });

  it("refuses a size below one", () => {
    expect(() => new BoundedMemo(0)).toThrow(/at least 1/);
  });
});
