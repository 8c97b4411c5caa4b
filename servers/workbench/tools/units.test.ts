import { describe, expect, it } from "vitest";
import { convertUnits, unitsByCategory } from "./units";

describe("convertUnits", () => {
  it.each([
    [1, "km", "m", 1000],
    [1, "mi", "km", 1.609344],
    [12, "inches", "ft", 1],
    [1, "lb", "g", 453.59237],
    [100, "C", "F", 212],
    [32, "fahrenheit", "celsius", 0],
    [0, "K", "C", -273.15],
    [1, "gal", "l", 3.785411784],
    [1, "imp_gal", "l", 4.54609],
    [1, "GiB", "MiB", 1024],
    [1, "GB", "MB", 1000],
    [8, "b", "B", 1],
    [1, "Gbit", "MB", 125],
    [1, "mb", "kB", 1000],
  ])("%d %s → %s", (value, from, to, expected) => {
    expect(convertUnits(value, from, to).result).toBeCloseTo(expected, 9);
  });

  it("explains errors by argument", () => {
    expect(() => convertUnits(1, "parsec", "m")).toThrow(/Invalid argument 'from': unknown unit 'parsec'.*length: /);
    expect(() => convertUnits(1, "m", "zorg")).toThrow("Invalid argument 'to': unknown unit 'zorg'");
    expect(() => convertUnits(1, "kg", "m")).toThrow("Invalid argument 'to': cannot convert mass (kg) to length (m)");
    expect(() => convertUnits(-500, "C", "K")).toThrow("Invalid argument 'value': -500 C is below absolute zero");
  });

  it("lists units per category", () => {
    const all = unitsByCategory();
    expect(all.temperature).toEqual(["C", "F", "K", "R"]);
    expect(all.data).toContain("KiB");
  });

  it("formats a readable line", () => {
    expect(convertUnits(5, "km", "mi").text).toBe("5 km = 3.10685596119 mi");
  });
});
