import { describe, expect, it } from "vitest";
import { grown } from "./grown";

describe("grown", () => {
  it("copies into an array of the same kind, doubled until the needed size fits", () => {
    const a = Int32Array.of(3, 1, 4);
    const b = grown(a, 4);
    expect(b).toBeInstanceOf(Int32Array);
    expect(b.length).toBe(6);
    expect([...b.subarray(0, 3)]).toEqual([3, 1, 4]);
    expect(grown(a, 13).length).toBe(24);
    const f = grown(Float64Array.of(0.5), 2);
    expect(f).toBeInstanceOf(Float64Array);
    expect([...f]).toEqual([0.5, 0]);
  });

  it("grows an empty array", () => {
    expect(grown(new Int32Array(0), 3).length).toBe(4);
  });
});
