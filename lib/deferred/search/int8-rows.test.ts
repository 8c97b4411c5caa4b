import { describe, expect, it } from "vitest";
import { packInt8Rows, unpackInt8Rows } from "./int8-rows";

describe("int8 rows", () => {
  it("scales each row by its largest magnitude, keeps an empty row, and reads back within a step", () => {
    const values = [2.54, -1.27, 0.5, 0, 0, 0, -0.001, 0.0005, 0];
    const packed = packInt8Rows(values, 3, 3);
    expect(packed.scales).toEqual([0.02, 1, Number((0.001 / 127).toPrecision(6))]);
    const bytes = new Int8Array(Buffer.from(packed.bytes, "base64"));
    // −1.27 / 0.02 = −63.5, which Math.round takes up to −63.
    expect(Array.from(bytes.subarray(0, 3))).toEqual([127, -63, 25]);
    expect(Array.from(bytes.subarray(3, 6))).toEqual([0, 0, 0]);
    expect(bytes[6]).toBe(-127);
    // Half a step at most, plus what floats (32-bit) lose.
    const back = unpackInt8Rows(bytes, packed.scales, 3);
    for (const [i, v] of values.entries())
      expect(Math.abs(back[i]! - v)).toBeLessThanOrEqual(packed.scales[Math.floor(i / 3)]! / 2 + 1e-6);
  });
});
