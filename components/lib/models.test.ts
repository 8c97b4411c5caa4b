import { describe, expect, it } from "vitest";
import { modelsResponseSchema, pickModel, readModels } from "./models";

describe("readModels", () => {
  it("reads {models, default} with display names", () => {
    const body = modelsResponseSchema.parse({
      models: [
        { name: "demo", display_name: "Demo (offline)", demo: true },
        { name: "gpt", display_name: null },
      ],
      default: "gpt",
    });
    expect(readModels(body)).toEqual({
      models: [
        { name: "demo", label: "Demo (offline)", demo: true },
        { name: "gpt", label: "gpt", demo: false },
      ],
      defaultName: "gpt",
    });
  });

  it("reads a bare array; the flagged or first model is the default", () => {
    expect(readModels(modelsResponseSchema.parse([{ name: "a" }, { name: "b", default: true }])).defaultName).toBe("b");
    expect(readModels(modelsResponseSchema.parse([{ name: "a" }, { name: "b" }])).defaultName).toBe("a");
    expect(readModels(modelsResponseSchema.parse([])).defaultName).toBeNull();
  });

  it("ignores a default that names no listed model", () => {
    expect(readModels(modelsResponseSchema.parse({ models: [{ name: "a" }], default: "zz" })).defaultName).toBe("a");
  });
});

describe("pickModel", () => {
  const list = {
    models: [
      { name: "a", label: "A", demo: false },
      { name: "b", label: "B", demo: false },
    ],
    defaultName: "a",
  };
  it("keeps a remembered choice that still exists", () => {
    expect(pickModel(list, "b")).toBe("b");
    expect(pickModel(list, "gone")).toBe("a");
    expect(pickModel(list, null)).toBe("a");
  });
});
