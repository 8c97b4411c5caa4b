import fs from "node:fs/promises";
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { SandboxPathError, VIRTUAL_ROOT, resolveInThread } from "@/lib/sandbox/paths";
import { threadIdOf, type ToolContext } from "@/lib/tools/context";

const MAX_FILES = 50;

/** Resolve each path to a canonical virtual path under outputs/, or say what is wrong with it. */
async function checkOutput(root: string, threadId: string, p: string): Promise<{ ok: string } | { problem: string }> {
  try {
    const target = await resolveInThread(root, threadId, p);
    if (target.area !== "outputs") return { problem: `${JSON.stringify(p)} is not in ${VIRTUAL_ROOT}/outputs/` };
    if (!target.exists) return { problem: `${JSON.stringify(p)} does not exist` };
    if (!(await fs.stat(target.host)).isFile()) return { problem: `${JSON.stringify(p)} is not a file` };
    return { ok: target.virtual };
  } catch (e) {
    if (e instanceof SandboxPathError) return { problem: e.message };
    throw e;
  }
}

/**
 * Shows files to the user. The state key `artifacts` (string[] of virtual paths, merged by the
 * agent state's union reducer) is what the artifacts panel lists; the ToolMessage answers the call.
 */
export const presentFilesTool = (ctx: ToolContext) =>
  tool(
    async ({ filepaths }, config) => {
      const toolCallId = config.toolCall?.id;
      if (!toolCallId) throw new Error("present_files must be called by the model as a tool call (no tool call id)");
      const threadId = threadIdOf(config);
      if (filepaths.length === 0)
        throw new Error("present_files: filepaths is empty; give the files in outputs/ to show");
      if (filepaths.length > MAX_FILES)
        throw new Error(`present_files: at most ${MAX_FILES} files per call, got ${filepaths.length}`);
      const results = await Promise.all(filepaths.map((p) => checkOutput(ctx.sandbox.root, threadId, p)));
      const problems = results.flatMap((r) => ("problem" in r ? [r.problem] : []));
      if (problems.length > 0) {
        throw new Error(
          `present_files refused ${problems.length} of ${filepaths.length} file(s); write them to ${VIRTUAL_ROOT}/outputs/ first:\n- ${problems.join("\n- ")}`,
        );
      }
      const artifacts = [...new Set(results.flatMap((r) => ("ok" in r ? [r.ok] : [])))];
      return new Command({
        update: {
          artifacts,
          messages: [
            new ToolMessage({
              tool_call_id: toolCallId,
              name: "present_files",
              content: `Presented ${artifacts.length} file${artifacts.length === 1 ? "" : "s"} to the user: ${artifacts.join(", ")}`,
            }),
          ],
        },
      });
    },
    {
      name: "present_files",
      description:
        `Show files to the user in the artifacts panel, where they can preview and download them. Only files in ` +
        `${VIRTUAL_ROOT}/outputs/ can be presented (write them there first, e.g. with write_file to outputs/report.md). ` +
        `Call it once the files are final.`,
      schema: z.object({
        filepaths: z
          .array(z.string())
          .describe(`Files to present, e.g. ["${VIRTUAL_ROOT}/outputs/report.md"] or ["outputs/chart.png"]`),
      }),
    },
  );
