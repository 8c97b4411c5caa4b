import fs from "node:fs";
import { z } from "zod";

/** The part of a `bench:search --json` file that the scripts comparing runs read (bench:search-paired, bench:search-reader). */
export const RunFile = z.object({
  sets: z.array(
    z.object({
      queries: z.string(),
      perQuery: z.array(
        z.object({
          query: z.string(),
          expected: z.array(z.string()),
          style: z.string(),
          results: z.object({ ours: z.array(z.string()) }),
        }),
      ),
    }),
  ),
});
export type RunFile = z.infer<typeof RunFile>;

/** A `bench:search --json` file, or an error naming the file and the field that is wrong. */
export function readRun(file: string): RunFile {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`${file}: not a readable JSON file (${(e as Error).message})`);
  }
  const r = RunFile.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`${file}: field "${issue.path.join(".")}": ${issue.message} (not a bench:search --json file?)`);
  }
  return r.data;
}
