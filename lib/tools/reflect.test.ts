import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { SANDBOX_LIMIT_DEFAULTS } from "@/lib/config/app-config";
import { loadConfiguredTool, splitUse } from "./reflect";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-reflect-"));
const toolsUrl = path.resolve("node_modules/@langchain/core/dist/tools/index.js");
fs.writeFileSync(
  path.join(dir, "my-tools.mjs"),
  `import { tool } from ${JSON.stringify(toolsUrl)};
export const shout = tool(async ({ text }) => text.toUpperCase(), { name: "shout", description: "Shout", schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } });
export const notATool = { hello: 1 };
export function makeWhere(entry, context) { return tool(async () => context.sandbox.root, { name: "where", description: "Where", schema: { type: "object", properties: {} } }); }
export function makeWhisper(entry) { return tool(async ({ text }) => text.toLowerCase() + (entry.suffix ?? ""), { name: "whisper", description: "Whisper", schema: { type: "object", properties: { text: { type: "string" } } } }); }
`,
);
const toolContext = {
  sandbox: { root: path.join(dir, "sandbox"), mode: "off" as const, network: false, limits: SANDBOX_LIMIT_DEFAULTS },
};
const ctx = { file: "config.yaml", baseDir: dir, toolContext };
const entry = (name: string, use: string) => ({ name, use });

async function errorOf(p: Promise<unknown>): Promise<ConfigError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("splitUse", () => {
  it("splits at the last colon", () => {
    expect(splitUse("@scope/pkg/sub:thing")).toEqual({ module: "@scope/pkg/sub", exportName: "thing" });
  });
});

describe("loadConfiguredTool", () => {
  it("loads a JS file relative to the config", async () => {
    const { tool, warning } = await loadConfiguredTool(entry("shout", "./my-tools.mjs:shout"), 0, ctx);
    expect(tool.name).toBe("shout");
    expect(warning).toBeUndefined();
    expect(await tool.invoke({ text: "hi" })).toBe("HI");
  });

  it("calls a factory export with the entry's settings", async () => {
    const { tool } = await loadConfiguredTool(
      { ...entry("whisper", "./my-tools.mjs:makeWhisper"), suffix: "!" },
      0,
      ctx,
    );
    expect(await tool.invoke({ text: "HI" })).toBe("hi!");
  });

  it("passes a factory the runtime's tool context, so the tool is built with its sandbox", async () => {
    const { tool } = await loadConfiguredTool(entry("where", "./my-tools.mjs:makeWhere"), 0, ctx);
    expect(await tool.invoke({})).toBe(path.join(dir, "sandbox"));
  });

  it("loads the project's own modules by their registered specifier", async () => {
    const { tool } = await loadConfiguredTool(entry("ls", "@/lib/sandbox:ls_tool"), 0, ctx);
    expect(tool.name).toBe("ls");
  });

  it("loads from an installed npm package", async () => {
    // Any installed package export that is a tool-like object would do; a missing export proves resolution worked.
    const e = await errorOf(loadConfiguredTool(entry("x", "yaml:nope"), 2, ctx));
    expect(e.message).toMatch(
      /^config\.yaml: tools\[2\]\.use: tool "x": module "yaml" has no export "nope" \(exports: /,
    );
  });

  it("a missing module names the entry and says how to install it", async () => {
    const e = await errorOf(loadConfiguredTool(entry("web_search", "@acme/fawn-search/tools:search"), 1, ctx));
    expect(e.message).toBe(
      'config.yaml: tools[1].use: tool "web_search": module "@acme/fawn-search/tools" not found; install it with `npm install @acme/fawn-search`',
    );
  });

  it("a missing file names the path", async () => {
    const e = await errorOf(loadConfiguredTool(entry("x", "./nope.mjs:x"), 0, ctx));
    expect(e.message).toContain('module "./nope.mjs" not found; check the path');
  });

  it("an export that is not a tool names both", async () => {
    const e = await errorOf(loadConfiguredTool(entry("x", "./my-tools.mjs:notATool"), 0, ctx));
    expect(e.message).toContain('export "notATool" of "./my-tools.mjs" is not a LangChain tool');
  });

  it("errors carry the line of the entry's use in config.yaml", async () => {
    const e = await errorOf(loadConfiguredTool(entry("x", "./nope.mjs:x"), 2, { ...ctx, line: 14 }));
    expect(e.message).toMatch(/^config\.yaml:14: tools\[2\]\.use: tool "x": module "\.\/nope\.mjs" not found/);
    expect(e.line).toBe(14);
  });

  it("a misspelt export is matched to the one meant", async () => {
    const e = await errorOf(loadConfiguredTool(entry("shout", "./my-tools.mjs:shuot"), 0, ctx));
    expect(e.message).toBe(
      'config.yaml: tools[0].use: tool "shout": module "./my-tools.mjs" has no export "shuot"; did you mean "shout"?',
    );
  });

  it("a project module that does not exist is not sent to npm install", async () => {
    const near = await errorOf(loadConfiguredTool(entry("ls", "@/lib/sandbx:ls_tool"), 0, ctx));
    expect(near.message).toBe(
      'config.yaml: tools[0].use: tool "ls": module "@/lib/sandbx" not found; "@/" names Fawn\'s own modules, and this is not one of them; did you mean "@/lib/sandbox"?',
    );
    const far = await errorOf(loadConfiguredTool(entry("x", "@/lib/nothing-like-it:x"), 0, ctx));
    expect(far.message).toContain("(they are: @/lib/sandbox)");
    expect(far.message).not.toContain("npm install");
  });

  it("a name mismatch warns and the tool's own name binds", async () => {
    const { tool, warning } = await loadConfiguredTool(entry("yell", "./my-tools.mjs:shout"), 3, ctx);
    expect(tool.name).toBe("shout");
    expect(warning).toMatch(/tools\[3\]\.name: configured as "yell" but the tool calls itself "shout"/);
  });
});
