// Unit conversion over linear factors to a base unit per category; temperature is affine.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { tidy } from "./expression";
import { addTool, PURE, ToolArgumentError } from "./define";

type Category = "length" | "mass" | "volume" | "data" | "temperature";
interface Unit {
  category: Category;
  symbol: string;
  toBase: (v: number) => number;
  fromBase: (v: number) => number;
}

const UNITS = new Map<string, Unit>();
const CASE_SENSITIVE = new Map<string, Unit>();

function linear(category: Category, factor: number, symbol: string, aliases: string[], caseSensitive: string[] = []) {
  const unit: Unit = { category, symbol, toBase: (v) => v * factor, fromBase: (v) => v / factor };
  for (const a of [symbol, ...aliases]) UNITS.set(a.toLowerCase(), unit);
  for (const a of caseSensitive) CASE_SENSITIVE.set(a, unit);
}

// Length, base metre.
linear("length", 1e-9, "nm", ["nanometer", "nanometre", "nanometers", "nanometres"]);
linear("length", 1e-6, "um", ["µm", "micrometer", "micrometre", "micron", "microns"]);
linear("length", 1e-3, "mm", ["millimeter", "millimetre", "millimeters", "millimetres"]);
linear("length", 1e-2, "cm", ["centimeter", "centimetre", "centimeters", "centimetres"]);
linear("length", 1, "m", ["meter", "metre", "meters", "metres"]);
linear("length", 1e3, "km", ["kilometer", "kilometre", "kilometers", "kilometres"]);
linear("length", 0.0254, "in", ["inch", "inches", '"']);
linear("length", 0.3048, "ft", ["foot", "feet", "'"]);
linear("length", 0.9144, "yd", ["yard", "yards"]);
linear("length", 1609.344, "mi", ["mile", "miles"]);
linear("length", 1852, "nmi", ["nautical mile", "nautical miles", "nautical_mile"]);
// Mass, base kilogram.
linear("mass", 1e-6, "mg", ["milligram", "milligrams"]);
linear("mass", 1e-3, "g", ["gram", "grams"]);
linear("mass", 1, "kg", ["kilogram", "kilograms", "kilo", "kilos"]);
linear("mass", 1e3, "t", ["tonne", "tonnes", "metric ton", "metric_ton"]);
linear("mass", 0.028349523125, "oz", ["ounce", "ounces"]);
linear("mass", 0.45359237, "lb", ["lbs", "pound", "pounds"]);
linear("mass", 6.35029318, "st", ["stone", "stones"]);
// Volume, base litre; cups, pints, quarts and gallons are US customary unless marked imperial.
linear("volume", 1e-3, "ml", ["milliliter", "millilitre", "milliliters", "millilitres", "cm3", "cc"]);
linear("volume", 1e-2, "cl", ["centiliter", "centilitre"]);
linear("volume", 1e-1, "dl", ["deciliter", "decilitre"]);
linear("volume", 1, "l", ["liter", "litre", "liters", "litres"]);
linear("volume", 1e3, "m3", ["cubic meter", "cubic metre", "cubic_meter"]);
linear("volume", 0.00492892159375, "tsp", ["teaspoon", "teaspoons"]);
linear("volume", 0.01478676478125, "tbsp", ["tablespoon", "tablespoons"]);
linear("volume", 0.0295735295625, "fl_oz", ["fl oz", "floz", "fluid ounce", "fluid ounces"]);
linear("volume", 0.2365882365, "cup", ["cups"]);
linear("volume", 0.473176473, "pt", ["pint", "pints"]);
linear("volume", 0.946352946, "qt", ["quart", "quarts"]);
linear("volume", 3.785411784, "gal", ["gallon", "gallons", "us gallon"]);
linear("volume", 4.54609, "imp_gal", ["imperial gallon", "imperial gallons", "uk gallon"]);
// Data, base byte. "B" is a byte and "b" a bit; lowercase "kb"/"mb"/"gb"/"tb" are read as bytes (common usage).
linear("data", 1 / 8, "bit", ["bits"], ["b"]);
linear("data", 1000 / 8, "kbit", ["kilobit", "kilobits"], ["Kb"]);
linear("data", 1e6 / 8, "Mbit", ["megabit", "megabits"], ["Mb"]);
linear("data", 1e9 / 8, "Gbit", ["gigabit", "gigabits"], ["Gb"]);
linear("data", 1, "byte", ["bytes"], ["B"]);
linear("data", 1e3, "kB", ["kilobyte", "kilobytes", "kb"], ["KB"]);
linear("data", 1e6, "MB", ["megabyte", "megabytes", "mb"]);
linear("data", 1e9, "GB", ["gigabyte", "gigabytes", "gb"]);
linear("data", 1e12, "TB", ["terabyte", "terabytes", "tb"]);
linear("data", 1e15, "PB", ["petabyte", "petabytes", "pb"]);
linear("data", 1024, "KiB", ["kibibyte", "kibibytes"]);
linear("data", 1024 ** 2, "MiB", ["mebibyte", "mebibytes"]);
linear("data", 1024 ** 3, "GiB", ["gibibyte", "gibibytes"]);
linear("data", 1024 ** 4, "TiB", ["tebibyte", "tebibytes"]);
linear("data", 1024 ** 5, "PiB", ["pebibyte", "pebibytes"]);

// Temperature, base kelvin.
function temperature(symbol: string, aliases: string[], toK: (v: number) => number, fromK: (v: number) => number) {
  const unit: Unit = { category: "temperature", symbol, toBase: toK, fromBase: fromK };
  for (const a of [symbol, ...aliases]) UNITS.set(a.toLowerCase(), unit);
}
temperature(
  "C",
  ["°c", "celsius", "degc", "centigrade"],
  (c) => c + 273.15,
  (k) => k - 273.15,
);
temperature(
  "F",
  ["°f", "fahrenheit", "degf"],
  (f) => ((f - 32) * 5) / 9 + 273.15,
  (k) => ((k - 273.15) * 9) / 5 + 32,
);
temperature(
  "K",
  ["kelvin", "kelvins"],
  (k) => k,
  (k) => k,
);
temperature(
  "R",
  ["°r", "rankine"],
  (r) => (r * 5) / 9,
  (k) => (k * 9) / 5,
);

export function findUnit(name: string, argument: string): Unit {
  const trimmed = name.trim();
  const unit = CASE_SENSITIVE.get(trimmed) ?? UNITS.get(trimmed.toLowerCase());
  if (!unit) {
    const known = Object.entries(unitsByCategory())
      .map(([c, symbols]) => `${c}: ${symbols.join(", ")}`)
      .join("; ");
    throw new ToolArgumentError(argument, `unknown unit '${name}'. Known units — ${known}`);
  }
  return unit;
}

export function unitsByCategory(): Record<Category, string[]> {
  const out: Record<Category, string[]> = { length: [], mass: [], volume: [], data: [], temperature: [] };
  for (const u of new Set([...UNITS.values(), ...CASE_SENSITIVE.values()])) {
    if (!out[u.category].includes(u.symbol)) out[u.category].push(u.symbol);
  }
  return out;
}

export interface Conversion {
  value: number;
  from: string;
  to: string;
  category: Category;
  result: number;
  text: string;
}

export function convertUnits(value: number, from: string, to: string): Conversion {
  if (!Number.isFinite(value)) throw new ToolArgumentError("value", `must be a finite number, got ${value}`);
  const a = findUnit(from, "from");
  const b = findUnit(to, "to");
  if (a.category !== b.category) {
    throw new ToolArgumentError("to", `cannot convert ${a.category} (${a.symbol}) to ${b.category} (${b.symbol})`);
  }
  const base = a.toBase(value);
  if (a.category === "temperature" && base < 0) {
    throw new ToolArgumentError("value", `${value} ${a.symbol} is below absolute zero`);
  }
  const result = tidy(b.fromBase(base), 12);
  return {
    value,
    from: a.symbol,
    to: b.symbol,
    category: a.category,
    result,
    text: `${value} ${a.symbol} = ${result} ${b.symbol}`,
  };
}

export function registerUnitTools(server: McpServer): void {
  addTool(
    server,
    "convert_units",
    {
      title: "Convert units",
      description:
        "Convert a quantity between units of length (mm, cm, m, km, in, ft, yd, mi, nmi), mass (mg, g, kg, t, oz, lb, st), " +
        "temperature (C, F, K, R), volume (ml, l, m3, tsp, tbsp, fl_oz, cup, pt, qt, US gal, imp_gal) or data size " +
        "(bit, byte/B, kB, MB, GB, TB, KiB, MiB, GiB, TiB, Mbit, Gbit). Units may be symbols or names ('miles', 'celsius'). " +
        "Use for metric/imperial conversion, cooking measures, file and bandwidth sizes.",
      inputSchema: {
        value: z.number().describe("The quantity to convert, e.g. 12.5"),
        from: z.string().min(1).describe("Unit of the given value, e.g. 'km', 'lb', 'F', 'GiB'"),
        to: z.string().min(1).describe("Unit to convert into; must be the same kind of quantity as 'from'"),
      },
      annotations: PURE,
    },
    ({ value, from, to }) => convertUnits(value, from, to),
  );
}
