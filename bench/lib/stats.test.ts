import { describe, expect, it } from "vitest";
import { formatP, signTestP, wilsonInterval } from "./stats";

describe("signTestP", () => {
  it("is 1 when nothing moved or the moves split evenly", () => {
    expect(signTestP(0, 0)).toBe(1);
    expect(signTestP(5, 5)).toBe(1);
  });

  it("gives the exact two-sided binomial tail", () => {
    // 1 of 1: both outcomes as extreme, p = 1; 0 of 5: 2 × (1/2)^5.
    expect(signTestP(1, 0)).toBe(1);
    expect(signTestP(0, 5)).toBeCloseTo(0.0625, 10);
    // 2 wins, 8 losses: 2 × (1 + 10 + 45) / 1024.
    expect(signTestP(2, 8)).toBeCloseTo(112 / 1024, 10);
    // symmetric in its arguments
    expect(signTestP(8, 2)).toBeCloseTo(signTestP(2, 8), 12);
  });

  it("says a one-request move tells nothing and a lopsided hundred tells a lot", () => {
    expect(signTestP(2, 1)).toBe(1);
    expect(signTestP(30, 10)).toBeLessThan(0.01);
    expect(signTestP(1000, 900)).toBeLessThan(0.05);
  });

  it("refuses counts that are not whole and not negative, naming them", () => {
    expect(() => signTestP(-1, 2)).toThrow(/-1, 2/);
    expect(() => signTestP(1.5, 2)).toThrow(/1.5, 2/);
  });
});

describe("wilsonInterval", () => {
  it("brackets the share and narrows as n grows", () => {
    const [lo, hi] = wilsonInterval(1768, 2000);
    expect(lo).toBeLessThan(0.884);
    expect(hi).toBeGreaterThan(0.884);
    expect(lo).toBeCloseTo(0.8691, 3);
    expect(hi).toBeCloseTo(0.8975, 3);
    const [lo2, hi2] = wilsonInterval(177, 200);
    expect(hi2 - lo2).toBeGreaterThan(hi - lo);
  });

  it("stays within 0 and 1 at the ends", () => {
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBeCloseTo(1, 12);
    expect(wilsonInterval(10, 10)[1]).toBeLessThanOrEqual(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it("refuses more hits than requests", () => {
    expect(() => wilsonInterval(11, 10)).toThrow(/11 hits of 10/);
  });
});

describe("formatP", () => {
  it("prints three decimals, or <0.001", () => {
    expect(formatP(0.04321)).toBe("0.043");
    expect(formatP(0.0002)).toBe("<0.001");
  });
});
