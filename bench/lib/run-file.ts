import { z } from "zod";
import { parseFile, readJson } from "./data";

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
  return parseFile(RunFile, readJson(file), file, " (not a bench:search --json file?)");
}
