import { describe, expect, it } from "vitest";
import { type ModelInfo, ModelsResponseSchema } from "@/lib/contracts/models";
import { pickModel, readModels } from "./models";

const model = (name: string, extra: Partial<ModelInfo> = {}): ModelInfo => ({
  name,
  display_name: name,
  model: name,
  demo: false,
  supports_vision: false,
  default: false,
  base_url: null,
  ...extra,
});

describe("readModels", () => {
  it("reads the models with their display names; the flagged model is the default", () => {
    const body = ModelsResponseSchema.parse({
      models: [
        model("demo", { display_name: "Demo (offline)", demo: true }),
        model("gpt", { display_name: "", default: true }),
      ],
    });
    expect(readModels(body)).toEqual({
      models: [
        { name: "demo", label: "Demo (offline)", demo: true },
        { name: "gpt", label: "gpt", demo: false },
      ],
      defaultName: "gpt",
    });
  });

  it("falls back to the first model when none is flagged, and to none for an empty list", () => {
    expect(readModels({ models: [model("a"), model("b")] }).defaultName).toBe("a");
    expect(readModels({ models: [] }).defaultName).toBeNull();
  });

  it("refuses a body that is not the contract's shape, naming the field", () => {
    const result = ModelsResponseSchema.safeParse({ models: [{ name: "a" }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["models", 0, "display_name"]);
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
