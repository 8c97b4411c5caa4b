import fs from "node:fs/promises";
import path from "node:path";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { threadIdOf, type ToolFactory } from "@/lib/tools/context";
import { LIMITS, formatBytes } from "./limits";
import { PATHS_HELP, SandboxPathError, VIRTUAL_ROOT, resolveInThread, spellFormatChars } from "./paths";

const MAX_DEPTH = 2;

async function listTree(
  dir: string,
  depth: number,
  indent: string,
  out: string[],
  budget: { left: number },
): Promise<void> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (e) {
    out.push(`${indent}(cannot list: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (budget.left <= 0) return;
    budget.left--;
    const full = path.join(dir, entry.name);
    // Bidi controls and zero-width characters would make a name display as another (they are spelled out).
    const name = spellFormatChars(entry.name);
    if (entry.isSymbolicLink()) {
      // Not followed: its target may lie outside, and the file tools will check it when used.
      out.push(`${indent}${name} -> (symlink)`);
    } else if (entry.isDirectory()) {
      out.push(`${indent}${name}/`);
      if (depth < MAX_DEPTH) await listTree(full, depth + 1, `${indent}  `, out, budget);
    } else {
      const size = await fs.lstat(full).then(
        (s) => s.size,
        () => 0,
      );
      out.push(`${indent}${name}  (${formatBytes(size)})`);
    }
  }
}

export const ls_tool: ToolFactory = (_settings, ctx) =>
  tool(
    async ({ path: userPath }, config) => {
      const threadId = threadIdOf(config);
      const target = await resolveInThread(ctx.sandbox.root, threadId, userPath ?? VIRTUAL_ROOT, { allowRoot: true });
      if (!target.exists) throw new SandboxPathError(userPath ?? VIRTUAL_ROOT, "no such file or folder");
      const st = await fs.stat(target.host);
      if (!st.isDirectory()) return `${target.virtual}  (${formatBytes(st.size)})`;
      const lines: string[] = [];
      const budget = { left: LIMITS.lsEntries };
      await listTree(target.host, 1, "  ", lines, budget);
      const head = `${target.virtual}/`;
      if (lines.length === 0) return `${head}\n  (empty)`;
      const note =
        budget.left <= 0 ? `\n[listing stopped at ${LIMITS.lsEntries} entries; list a subfolder to see more]` : "";
      return `${head}\n${lines.join("\n")}${note}`;
    },
    {
      name: "ls",
      description:
        `List a folder of this conversation's files as a tree, two levels deep, with file sizes. ` +
        `Without a path it lists ${VIRTUAL_ROOT}. ${PATHS_HELP}`,
      schema: z.object({
        path: z
          .string()
          .optional()
          .describe(`Folder to list, e.g. ${VIRTUAL_ROOT}/workspace or outputs; default ${VIRTUAL_ROOT}`),
      }),
    },
  );
