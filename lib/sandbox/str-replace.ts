import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { threadIdOf, type ToolFactory } from "@/lib/tools/context";
import { LIMITS, formatBytes, looksBinary, overLimit } from "./limits";
import { openOwnFile } from "./own-file";
import { PATHS_HELP, SandboxPathError, resolveInThread } from "./paths";

function countOccurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

export const str_replace_tool: ToolFactory = (_settings, ctx) =>
  tool(
    async ({ path: userPath, old_str, new_str, replace_all }, config) => {
      const target = await resolveInThread(ctx.sandbox.root, threadIdOf(config), userPath);
      if (!target.exists) throw new SandboxPathError(userPath, "no such file");
      const where = `str_replace ${target.virtual}`;
      if (old_str.length === 0)
        throw new Error(`${where}: old_str is empty; use write_file to create or replace a whole file`);
      if (old_str === new_str) throw new Error(`${where}: old_str and new_str are identical, nothing to change`);
      const fh = await openOwnFile(target, userPath, "read");
      let text: string;
      try {
        const st = await fh.stat();
        if (!st.isFile()) throw new SandboxPathError(userPath, "it is not a regular file");
        if (st.size > LIMITS.editBytes) {
          throw new Error(
            `${where}: the file is ${overLimit(st.size, LIMITS.editBytes)} of str_replace (it edits whole files in memory)`,
          );
        }
        const buf = await fh.readFile();
        if (looksBinary(buf)) throw new Error(`${where}: binary file; str_replace edits text files only`);
        text = buf.toString("utf8");
      } finally {
        await fh.close();
      }
      const count = countOccurrences(text, old_str);
      if (count === 0) {
        throw new Error(
          `${where}: old_str was not found; read the file and copy the exact text (whitespace and line breaks count)`,
        );
      }
      if (count > 1 && !replace_all) {
        throw new Error(
          `${where}: old_str occurs ${count} times; include more surrounding text so it occurs once, or set replace_all: true`,
        );
      }
      // Slicing rather than String.replace, whose replacement string would interpret `$&`, `$1`, ….
      const updated = replace_all
        ? text.split(old_str).join(new_str)
        : text.slice(0, text.indexOf(old_str)) + new_str + text.slice(text.indexOf(old_str) + old_str.length);
      if (Buffer.byteLength(updated) > LIMITS.fileBytes) {
        throw new Error(`${where}: the edited file would be larger than ${formatBytes(LIMITS.fileBytes)}`);
      }
      const out = await openOwnFile(target, userPath, "truncate");
      try {
        await out.writeFile(updated, "utf8");
      } finally {
        await out.close();
      }
      return `Replaced ${count} occurrence${count === 1 ? "" : "s"} in ${target.virtual}`;
    },
    {
      name: "str_replace",
      description:
        `Edit a text file by replacing old_str with new_str. old_str must occur exactly once (include enough surrounding ` +
        `lines to make it unique) unless replace_all is true. Whitespace and line breaks must match exactly. ${PATHS_HELP}`,
      schema: z.object({
        path: z.string().describe("File to edit, e.g. workspace/notes.md"),
        old_str: z.string().describe("Exact text to replace"),
        new_str: z.string().describe("Replacement text (may be empty to delete)"),
        replace_all: z.boolean().optional().describe("Replace every occurrence; default false"),
      }),
    },
  );
