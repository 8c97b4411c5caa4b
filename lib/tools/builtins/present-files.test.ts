import fs from "node:fs/promises";
import path from "node:path";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver, ReducedValue, StateSchema } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ensureThreadDir } from "@/lib/sandbox/paths";
import { threadConfig, useTempSandbox } from "@/test/support/sandbox";
import { presentFilesTool } from "./present-files";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
let dir: string;

beforeAll(async () => {
  sb = await useTempSandbox();
  dir = await ensureThreadDir(sb.root, "pf");
  await fs.mkdir(path.join(dir, "outputs/charts"), { recursive: true });
  await fs.writeFile(path.join(dir, "outputs/report.md"), "# Report\n");
  await fs.writeFile(path.join(dir, "outputs/charts/a.png"), "png");
  await fs.writeFile(path.join(dir, "workspace/draft.md"), "draft");
  await fs.symlink(path.join(dir, "workspace/draft.md"), path.join(dir, "outputs/draft-link.md"));
});
afterAll(() => sb.cleanup());

const call = (filepaths: string[], id = "call_pf") => ({
  type: "tool_call" as const,
  id,
  name: "present_files",
  args: { filepaths },
});

describe("present_files", () => {
  it("returns a Command adding canonical paths to `artifacts` and answering the call", async () => {
    const out: unknown = await presentFilesTool(sb.toolContext).invoke(
      call(["outputs/report.md", "/mnt/user-data/outputs/charts/a.png", "outputs/report.md"]),
      threadConfig("pf"),
    );
    expect(out).toBeInstanceOf(Command);
    const update = (out as Command).update as { artifacts: string[]; messages: ToolMessage[] };
    expect(update.artifacts).toEqual(["/mnt/user-data/outputs/report.md", "/mnt/user-data/outputs/charts/a.png"]);
    expect(update.messages).toHaveLength(1);
    expect(update.messages[0]).toBeInstanceOf(ToolMessage);
    expect(update.messages[0].tool_call_id).toBe("call_pf");
    expect(update.messages[0].content).toBe(
      "Presented 2 files to the user: /mnt/user-data/outputs/report.md, /mnt/user-data/outputs/charts/a.png",
    );
  });

  it("refuses missing files and files outside outputs/, naming each", async () => {
    const err = await presentFilesTool(sb.toolContext)
      .invoke(
        call([
          "outputs/report.md",
          "outputs/missing.md",
          "workspace/draft.md",
          "outputs/draft-link.md",
          "../x",
          "outputs/charts",
        ]),
        threadConfig("pf"),
      )
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(err?.message).toMatch(
      /^present_files refused 5 of 6 file\(s\); write them to \/mnt\/user-data\/outputs\/ first:/,
    );
    for (const part of [
      '"outputs/missing.md" does not exist',
      '"workspace/draft.md" is not in /mnt/user-data/outputs/',
      '"outputs/draft-link.md" is not in /mnt/user-data/outputs/',
      "path \"../x\" refused: '..' segments are not allowed",
      '"outputs/charts" is not a file',
    ]) {
      expect(err?.message).toContain(part);
    }
  });

  it("needs a tool call id and a non-empty list", async () => {
    await expect(
      presentFilesTool(sb.toolContext).invoke({ filepaths: ["outputs/report.md"] }, threadConfig("pf")),
    ).rejects.toThrow(/no tool call id/);
    await expect(presentFilesTool(sb.toolContext).invoke(call([]), threadConfig("pf"))).rejects.toThrow(
      /filepaths is empty/,
    );
  });

  it("merges into agent state through a union reducer and is checkpointed", async () => {
    const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
    const stateSchema = new StateSchema({
      artifacts: new ReducedValue(
        z.array(z.string()).default(() => []),
        { reducer: union },
      ),
    });
    const model = fakeModel()
      .respondWithTools([{ name: "present_files", args: { filepaths: ["outputs/report.md"] }, id: "c1" }])
      .respondWithTools([
        { name: "present_files", args: { filepaths: ["outputs/charts/a.png", "outputs/report.md"] }, id: "c2" },
      ])
      .respond(new AIMessage("Here they are."));
    const agent = createAgent({
      model,
      tools: [presentFilesTool(sb.toolContext)],
      stateSchema,
      checkpointer: new MemorySaver(),
    });
    const config = threadConfig("pf");
    await agent.invoke({ messages: [{ role: "user", content: "show me" }] }, config);
    const state = await agent.graph.getState(config);
    const values = state.values as { artifacts: string[]; messages: Array<{ content: unknown }> };
    expect(values.artifacts).toEqual(["/mnt/user-data/outputs/report.md", "/mnt/user-data/outputs/charts/a.png"]);
    expect(values.messages.map((m) => m.content).at(-1)).toBe("Here they are.");
  });
});
