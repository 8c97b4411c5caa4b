import fs from "node:fs/promises";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { threadIdOf, type ToolFactory } from "@/lib/tools/context";
import { LIMITS, formatBytes, overLimit } from "./limits";
import { makeParentFolders } from "./held-folder";
import { openOwnFile } from "./own-file";
import { PATHS_HELP, SandboxPathError, resolveInThread } from "./paths";

export const write_file_tool: ToolFactory = (_settings, ctx) =>
  tool(
    async ({ path: userPath, content, append }, config) => {
      const threadId = threadIdOf(config);
      const bytes = Buffer.byteLength(content);
      if (bytes > LIMITS.writeBytes) {
        throw new Error(
          `write_file ${userPath}: content is ${overLimit(bytes, LIMITS.writeBytes)} per call; ` +
            `write it in parts with append: true`,
        );
      }
      const target = await resolveInThread(ctx.sandbox.root, threadId, userPath);
      if (target.exists) {
        const st = await fs.stat(target.host);
        if (st.isDirectory()) throw new SandboxPathError(userPath, "it is a folder");
        if (append && st.size + bytes > LIMITS.fileBytes) {
          throw new Error(
            `write_file ${target.virtual}: appending would make the file larger than ${formatBytes(LIMITS.fileBytes)}`,
          );
        }
      } else {
        await makeParentFolders(target.threadDir, target.host, userPath);
      }
      const fh = await openOwnFile(target, userPath, append ? "append" : "truncate");
      try {
        await fh.writeFile(content, "utf8");
      } finally {
        await fh.close();
      }
      return `${append ? "Appended" : "Wrote"} ${formatBytes(bytes)} to ${target.virtual}`;
    },
    {
      name: "write_file",
      description:
        `Write a text file, creating missing folders. Replaces the file unless append is true. ` +
        `At most ${formatBytes(LIMITS.writeBytes)} per call. Put files meant for the user in outputs/. ${PATHS_HELP}`,
      schema: z.object({
        path: z.string().describe("File to write, e.g. /mnt/user-data/outputs/report.md or workspace/notes.md"),
        content: z.string().describe("The text to write"),
        append: z.boolean().optional().describe("Add to the end of the file instead of replacing it; default false"),
      }),
    },
  );
