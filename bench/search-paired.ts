/**
 * Two `bench:search --json` files of the same query sets, compared request for request, in aggregates only:
 * `npm run -s bench:search-paired -- --before A.json --after B.json`, and more pairs with more `--before` and
 * `--after` (each before file paired with the after file in the same place). Prints, per set and over all sets,
 * Recall@5 and MRR@5 of ours on each side, how many requests rank their first expected tool higher and lower on the
 * second side, and how many are found in the top 5 by the second side only (gained) or the first only (lost); then
 * the same found, gained and lost per set and style, and per style over all sets (what the rules' "no style loses
 * more than N" reads). Each row also says whether its moves are more than chance: the exact sign test's p for
 * gained against lost and for ranked higher against lower (bench/lib/stats.ts), and Wilson's 95 % interval of the
 * second side's Recall@5. It never prints a query, so a blind set's rule can be read without reading the set (bench/queries/README.md).
 * `--new-only true` prints the first table again over the requests that no other committed set of the dev pools holds
 * (bench/lib/repeats.ts: blind sets repeat earlier sets' requests, short ones above all).
 */
import path from "node:path";
import { booleanFlag, parseFlags } from "./lib/args";
import type { BenchQuery } from "./lib/data";
import { flipsByStyle, rankShifts, scoreByStyle } from "./lib/metrics";
import { newPlaces, poolRequests } from "./lib/repeats";
import { table } from "./lib/report";
import { type RunFile, readRun } from "./lib/run-file";
import { formatP, signTestP, wilsonInterval } from "./lib/stats";

interface Row {
  label: string;
  queries: BenchQuery[];
  before: string[][];
  after: string[][];
}

function pairSets(a: RunFile, b: RunFile, files: [string, string]): Row[] {
  if (a.sets.length !== b.sets.length)
    throw new Error(`${files[0]} holds ${a.sets.length} sets and ${files[1]} ${b.sets.length}`);
  return a.sets.map((sa, s) => {
    const sb = b.sets[s]!;
    const label = path.basename(sa.queries);
    if (label !== path.basename(sb.queries)) throw new Error(`set ${s}: ${label} vs ${path.basename(sb.queries)}`);
    if (sa.perQuery.length !== sb.perQuery.length)
      throw new Error(`${label}: ${sa.perQuery.length} requests in ${files[0]}, ${sb.perQuery.length} in ${files[1]}`);
    sa.perQuery.forEach((q, i) => {
      const other = sb.perQuery[i]!;
      if (q.query !== other.query || q.expected.join("\n") !== other.expected.join("\n"))
        throw new Error(`${label}: entry ${i} differs between the two files (another version of the set?)`);
    });
    return {
      label,
      queries: sa.perQuery.map(({ query, expected, style }) => ({ query, expected, style })),
      before: sa.perQuery.map((q) => q.results.ours),
      after: sb.perQuery.map((q) => q.results.ours),
    };
  });
}

function line(row: Row): string[] {
  const [before] = scoreByStyle(row.queries, row.before);
  const [after] = scoreByStyle(row.queries, row.after);
  const s = rankShifts(row.queries, row.before, row.after);
  const pct = (x: number) => (100 * x).toFixed(1);
  return [
    row.label,
    String(before!.n),
    `${pct(before!.recall)} → ${pct(after!.recall)}`,
    `${before!.mrr.toFixed(4)} → ${after!.mrr.toFixed(4)}`,
    (after!.mrr - before!.mrr).toFixed(4),
    String(s.higher),
    String(s.lower),
    String(s.gained),
    String(s.lost),
    formatP(signTestP(s.gained, s.lost)),
    formatP(signTestP(s.higher, s.lower)),
    wilsonInterval(Math.round(after!.recall * after!.n), after!.n)
      .map(pct)
      .join("–"),
  ];
}

/** The rows' requests one after another, as one row. */
function joined(label: string, rows: readonly Row[]): Row {
  return {
    label,
    queries: rows.flatMap((r) => r.queries),
    before: rows.flatMap((r) => r.before),
    after: rows.flatMap((r) => r.after),
  };
}

/** The first table's lines: one per row, and the rows together when there are several. */
function lines(rows: readonly Row[]): string[][] {
  return [...rows.map(line), ...(rows.length > 1 ? [line(joined("all sets", rows))] : [])];
}

/** `row` with only the requests at `places`. */
function only(row: Row, places: readonly number[]): Row {
  return {
    label: row.label,
    queries: places.map((i) => row.queries[i]!),
    before: places.map((i) => row.before[i]!),
    after: places.map((i) => row.after[i]!),
  };
}

/** One row per style of `row`: found in the top 5 before → after, gained and lost. */
function styleLines(row: Row): string[][] {
  return flipsByStyle(row.queries, row.before, row.after).map((f) => [
    row.label,
    f.style,
    String(f.n),
    `${f.before} → ${f.after}`,
    String(f.gained),
    String(f.lost),
  ]);
}

const HEAD = [
  "set",
  "n",
  "Recall@5 %",
  "MRR@5",
  "ΔMRR@5",
  "ranked higher",
  "ranked lower",
  "gained",
  "lost",
  "p gained/lost",
  "p higher/lower",
  "after R@5 95 %",
];

function main(): void {
  const { flags, lists } = parseFlags(process.argv.slice(2), ["before", "after", "new-only"], ["before", "after"]);
  const before = lists.before ?? [];
  const after = lists.after ?? [];
  if (before.length === 0 || before.length !== after.length)
    throw new Error("usage: bench:search-paired -- --before A.json --after B.json [--before C.json --after D.json]...");
  const rows = before.flatMap((file, i) => {
    const files: [string, string] = [file, after[i]!];
    return pairSets(readRun(files[0]), readRun(files[1]), files);
  });
  const all = joined("all sets", rows);
  const names = (files: string[]) => files.map((f) => path.basename(f)).join(", ");
  console.log(`ours, ${names(before)} → ${names(after)}, request for request (no query shown)`);
  console.log(table(HEAD, lines(rows)));
  if (booleanFlag(flags, "new-only")) {
    const root = path.resolve(import.meta.dirname, "..");
    const seen = poolRequests(root, new Set(rows.map((r) => r.label)));
    const fresh = rows.map((r) => only(r, newPlaces(r.queries, seen)));
    const count = fresh.reduce((n, r) => n + r.queries.length, 0);
    console.log(
      `\nthe ${count} of ${all.queries.length} requests that no other committed set of the dev pools holds ` +
        "(case and spacing aside)",
    );
    console.log(table(HEAD, lines(fresh)));
  }
  console.log("\nby style (found in the top 5)");
  console.log(
    table(
      ["set", "style", "n", "found before → after", "gained", "lost"],
      [...rows.flatMap(styleLines), ...(rows.length > 1 ? styleLines(all) : [])],
    ),
  );
}

main();
