import type fs from "node:fs/promises";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { threadIdOf, type ToolFactory } from "@/lib/tools/context";
import { LIMITS, formatBytes, looksBinary } from "./limits";
import { openOwnFile } from "./own-file";
import { PATHS_HELP, SandboxPathError, resolveInThread } from "./paths";

export interface TextSlice {
  text: string;
  /** Last line (1-based) included, fully or partly; start - 1 when none. */
  lastLine: number;
  /** Lines seen in the file; exact only when the whole file was read. */
  linesSeen: number;
  /** Stopped because of the byte cap. */
  truncated: boolean;
  /** The last included line was cut short by the cap. */
  cutLine: boolean;
}

/**
 * Read lines start..end (1-based, inclusive) of a text file, streaming, so a huge file costs no
 * more memory than the cap. Stops at `capBytes` of output.
 */
export async function readLines(fh: fs.FileHandle, start: number, end: number, capBytes: number): Promise<TextSlice> {
  const parts: string[] = [];
  let used = 0;
  let lineNo = 0;
  let lastLine = start - 1;
  let truncated = false;
  let cutLine = false;
  const rl = fh.readLines({ encoding: "utf8", start: 0, autoClose: false });
  try {
    for await (const line of rl) {
      lineNo++;
      if (lineNo < start) continue;
      if (lineNo > end) break;
      const cost = Buffer.byteLength(line) + (parts.length > 0 ? 1 : 0);
      if (used + cost > capBytes) {
        truncated = true;
        const room = capBytes - used - (parts.length > 0 ? 1 : 0);
        if (room > 0) {
          // Cut on a byte budget, then drop a multi-byte character split in half.
          parts.push(
            Buffer.from(line)
              .subarray(0, room)
              .toString("utf8")
              .replace(/\uFFFD$/, ""),
          );
          lastLine = lineNo;
          cutLine = true;
        }
        break;
      }
      parts.push(line);
      used += cost;
      lastLine = lineNo;
    }
  } finally {
    rl.close();
  }
  return { text: parts.join("\n"), lastLine, linesSeen: lineNo, truncated, cutLine };
}

export const read_file_tool: ToolFactory = (_settings, ctx) =>
  tool(
    async ({ path: userPath, start_line, end_line }, config) => {
      const target = await resolveInThread(ctx.sandbox.root, threadIdOf(config), userPath);
      if (!target.exists) throw new SandboxPathError(userPath, "no such file");
      const start = start_line ?? 1;
      const end = end_line ?? Number.POSITIVE_INFINITY;
      if (end < start) throw new Error(`read_file ${target.virtual}: end_line ${end} is before start_line ${start}`);
      const fh = await openOwnFile(target, userPath, "read");
      try {
        const st = await fh.stat();
        if (st.isDirectory()) throw new SandboxPathError(userPath, "it is a folder; use ls");
        if (!st.isFile()) throw new SandboxPathError(userPath, "it is not a regular file");
        const head = Buffer.alloc(Math.min(8192, st.size));
        await fh.read(head, 0, head.length, 0);
        if (looksBinary(head)) {
          throw new Error(
            `read_file ${target.virtual}: binary file (${formatBytes(st.size)}); images can be viewed with view_image`,
          );
        }
        if (st.size === 0) return `(${target.virtual} is empty)`;
        const slice = await readLines(fh, start, end, LIMITS.readBytes);
        if (slice.truncated) {
          // A line cut short is shown again whole from the next call, unless it alone exceeds the cap.
          const lineTooLong = slice.cutLine && slice.lastLine === start;
          const next = slice.cutLine && !lineTooLong ? slice.lastLine : slice.lastLine + 1;
          const cut = lineTooLong
            ? ` (line ${slice.lastLine} alone is longer than the cap; its rest is not shown)`
            : slice.cutLine
              ? ` (line ${slice.lastLine} cut short)`
              : "";
          return (
            `${slice.text}\n\n[truncated: ${formatBytes(LIMITS.readBytes)} cap reached; showed lines ${start}-${slice.lastLine}${cut} ` +
            `of a ${formatBytes(st.size)} file. Read on with start_line=${next}.]`
          );
        }
        if (slice.lastLine < start)
          return `(${target.virtual} has only ${slice.linesSeen} lines; start_line ${start} is past the end)`;
        return slice.text;
      } finally {
        await fh.close();
      }
    },
    {
      name: "read_file",
      description:
        `Read a text file. Returns its text; optionally only lines start_line..end_line (1-based, inclusive). ` +
        `Output is capped at ${formatBytes(LIMITS.readBytes)} with a note saying where to continue. ${PATHS_HELP}`,
      schema: z.object({
        path: z.string().describe("File to read, e.g. /mnt/user-data/uploads/report.csv or workspace/notes.md"),
        start_line: z.number().int().min(1).optional().describe("First line to return (1-based); default 1"),
        end_line: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe("Last line to return (inclusive); default the end of the file"),
      }),
    },
  );
