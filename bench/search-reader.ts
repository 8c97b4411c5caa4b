/**
 * A careful reader's ranking of a query set's requests, beside the search's: how far the set's labels can be met by
 * someone who reads the catalog (bench/reader/README.md says who read and how).
 *
 *   npm run -s bench:search-reader -- --catalog F --queries F --prepare DIR
 *     writes DIR/catalog.txt (each tool's name, server, description and parameters, cut as bench/lib/reader.ts says)
 *     and DIR/requests.json (the requests numbered, without labels or styles): what the reader is given.
 *   npm run -s bench:search-reader -- --catalog F --queries F --answers F [--run F]
 *     prints how the reader's lists stand to the labels (equal to them, beyond them, holding all of a label of several:
 *     whether they could have been copied), then the reader's Recall@5 and MRR@5 per style; with `--run`, a `bench:search --json` file of the same set (its
 *     first set), the search's beside them and how many requests each finds in its first five that the other does not.
 *
 * It never prints a request, so it can be read without reading the set.
 */
import fs from "node:fs";
import path from "node:path";
import { parseFlags } from "./lib/args";
import { loadCatalog, loadQueries, readJson } from "./lib/data";
import { flipsByStyle, scoreByStyle } from "./lib/metrics";
import { labelAgreement, readerAnswers, readerCatalog, writeRequests } from "./lib/reader";
import { pct, table } from "./lib/report";
import { readRun } from "./lib/run-file";

function main(): void {
  const { flags } = parseFlags(process.argv.slice(2), ["catalog", "queries", "prepare", "answers", "run"]);
  if (!flags.catalog || !flags.queries) throw new Error("--catalog and --queries are required");
  const catalog = loadCatalog(flags.catalog);
  const queries = loadQueries(flags.queries);
  if (flags.prepare) {
    writeRequests(flags.prepare, queries);
    fs.writeFileSync(path.join(flags.prepare, "catalog.txt"), readerCatalog(catalog));
    console.log(`wrote ${flags.prepare}/catalog.txt (${catalog.length} tools) and requests.json (${queries.length})`);
    return;
  }
  if (!flags.answers) throw new Error("give --prepare DIR or --answers FILE");
  const names = new Set(catalog.map((t) => t.name));
  const reader = readerAnswers(readJson(flags.answers), flags.answers, queries.length, names);
  const agree = labelAgreement(queries, reader);
  console.log(
    `the reader's lists: equal to the label ${agree.equal} of ${queries.length}; with a tool the label lacks ` +
      `${agree.beyond}; holding every labelled tool of a label of several ${agree.multiHeld} of ${agree.multi}`,
  );
  const columns = [{ label: "reader", results: reader }];
  if (flags.run) {
    const run = readRun(flags.run).sets[0];
    const per = run?.perQuery ?? [];
    const differs = per.length !== queries.length || per.some((p, i) => p.query !== queries[i]!.query);
    if (differs) throw new Error(`${flags.run}: its first set is not ${flags.queries}`);
    columns.push({ label: "search", results: per.map((p) => p.results.ours) });
  }
  const scores = columns.map((c) => scoreByStyle(queries, c.results));
  const rows = scores[0]!.map((s, r) => [
    s.style,
    String(s.n),
    ...scores.flatMap((col) => [pct(col[r]!.recall), col[r]!.mrr.toFixed(3)]),
  ]);
  console.log(table(["style", "n", ...columns.flatMap((c) => [`${c.label} R@5`, "MRR@5"])], rows));
  if (columns.length === 2) {
    // The reader as the baseline: what the search gains it alone finds, what it loses only the reader finds.
    const flips = flipsByStyle(queries, columns[0]!.results, columns[1]!.results);
    const sum = (key: "gained" | "lost") => flips.reduce((n, f) => n + f[key], 0);
    console.log(`found in the first five by the reader only: ${sum("lost")}; by the search only: ${sum("gained")}`);
  }
}

main();
