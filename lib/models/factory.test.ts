import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { ModelConfigSchema } from "@/lib/config/app-config";
import { createChatModel } from "./factory";

/** A model entry that is not the demo (it has a base_url), loading the class `use` names. */
const entry = (use: string) =>
  ModelConfigSchema.parse({ name: "local", model: "m", base_url: "http://127.0.0.1:9/v1", use });
const place = { file: "config.yaml", index: 1, line: 9 };

async function errorOf(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected an error");
}

describe("createChatModel: a model class that cannot be loaded", () => {
  it("a package that is not installed: file, line and field, and what to install", async () => {
    const e = await errorOf(createChatModel(entry("@acme/chat-models/sub:ChatAcme"), {}, place));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toBe(
      'config.yaml:9: models[1].use: model "local": cannot load "@acme/chat-models/sub": it is not installed; install it with `npm install @acme/chat-models`',
    );
  });

  it("a misspelt class is matched to the one meant", async () => {
    const e = await errorOf(createChatModel(entry("@langchain/openai:ChatOpenAi"), {}, place));
    expect(e.message).toBe(
      'config.yaml:9: models[1].use: model "local": "@langchain/openai" has no class "ChatOpenAi"; did you mean "ChatOpenAI"?',
    );
  });
});
