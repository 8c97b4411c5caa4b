/**
 * Re-creates training/search/ops-N.json: the API operations the learned search translations were trained on.
 *
 *   npm install --prefix /tmp/api-defs --no-save googleapis@188.0.0 @octokit/openapi@23.0.2 aws-sdk@2.1693.0
 *   node scripts/sample-api-operations.mjs --from /tmp/api-defs [--check]
 *
 * Operations (name + first documentation sentence) come from googleapis (method JSDoc, latest version of each
 * API), @octokit/openapi (GitHub REST summaries), aws-sdk v2 (`apis/*.examples.json` titles) and, from this
 * repo's node_modules, @types/node (fs, child_process, os) and playwright-core (types.d.ts). They were sampled in
 * three rounds (fixed seeds, each round excluding what earlier rounds took): ops-1..5 (1,800), ops-6..10 (2,397),
 * ops-11..13 (1,440). `--check` compares with the files in training/search instead of writing them.
 * A development tool: nothing at run or test time uses it.
 */
import fs from "node:fs";
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "..");
const OUT = path.join(REPO, "training", "search");
const argv = process.argv.slice(2);
const from = argv.includes("--from") ? argv[argv.indexOf("--from") + 1] : null;
const check = argv.includes("--check");
if (!from) throw new Error("--from DIR is required: where googleapis, @octokit/openapi and aws-sdk are installed");
const mod = (dir, name) => path.join(dir, "node_modules", name);

function collect() {
  const ops = [];
  const seen = new Set();
  const add = (source, name, text) => {
    text = text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\s+/g, " ")
      .trim();
    const first = text.split(/(?<=\.)\s/)[0].slice(0, 220);
    const key = `${name}|${first}`;
    if (!first || seen.has(key) || first.length < 15) return;
    seen.add(key);
    ops.push({ source, name, text: first });
  };
  const gdir = path.join(mod(from, "googleapis"), "build", "src", "apis");
  for (const api of fs.readdirSync(gdir)) {
    const d = path.join(gdir, api);
    if (!fs.statSync(d).isDirectory()) continue;
    const versions = fs
      .readdirSync(d)
      .filter((f) => /^v[\d.]+\.d\.ts$/.test(f))
      .sort();
    const f = versions[versions.length - 1];
    if (!f) continue;
    const s = fs.readFileSync(path.join(d, f), "utf8");
    const re = /\/\*\*\n\s*\* ([^@\n][^\n]*)\n\s*\* @example[\s\S]*?\*\/\n\s*(\w+)\(params/g;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const before = s.lastIndexOf("class Resource$", m.index);
      const cls = before >= 0 ? s.slice(before + 15, s.indexOf(" ", before + 15)) : "";
      add(`google:${api}`, `${cls.replace(/\$/g, " ")} ${m[2]}`.trim(), m[1]);
    }
  }
  const gh = JSON.parse(fs.readFileSync(path.join(mod(from, "@octokit/openapi"), "generated", "api.github.com.json")));
  for (const methods of Object.values(gh.paths))
    for (const o of Object.values(methods)) {
      if (!o.operationId) continue;
      add("github", o.operationId, `${o.summary}. ${(o.description || "").split("\n\n")[0]}`);
    }
  const aws = path.join(mod(from, "aws-sdk"), "apis");
  for (const f of fs.readdirSync(aws).filter((x) => x.endsWith(".examples.json"))) {
    const x = JSON.parse(fs.readFileSync(path.join(aws, f)));
    for (const [k, arr] of Object.entries(x.examples || {})) {
      const e = arr[0];
      add(`aws:${f.split("-")[0]}`, k, `${e.title || ""}. ${e.description || ""}`);
    }
  }
  return ops;
}

function collectLocal() {
  const out = [];
  const files = {
    "node:fs": mod(REPO, "@types/node/fs.d.ts"),
    "node:child_process": mod(REPO, "@types/node/child_process.d.ts"),
    "node:os": mod(REPO, "@types/node/os.d.ts"),
    playwright: mod(REPO, "playwright-core/types/types.d.ts"),
  };
  for (const [src, f] of Object.entries(files)) {
    const s = fs.readFileSync(f, "utf8");
    const re = /\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*\n\s*(?:export\s+)?(?:function\s+)?(\w+)\s*[(<]/g;
    const seen = new Set();
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const body = m[1]
        .split("\n")
        .map((l) => l.replace(/^\s*\*\s?/, ""))
        .filter((l) => !l.startsWith("@") && !l.startsWith("```"))
        .join(" ")
        .replace(/\{@link ([^}]*)\}/g, "$1")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/\*\*/g, "")
        .replace(/\s+/g, " ")
        .trim();
      const first = body.split(/(?<=\.)\s/)[0].slice(0, 220);
      if (first.length < 15 || /^(NOTE|Note|\*\*NOTE|Deprecated|Since)/.test(first)) continue;
      const key = m[2] + first;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ source: src, name: m[2], text: first });
    }
  }
  return out.filter(
    (o) =>
      !/^Emitted when/.test(o.text) &&
      !/^(on|once|addListener|removeListener|off|prependListener|waitForEvent)$/.test(o.name),
  );
}

function rng(seed) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return (a) => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
}

const all = collect();
const local = collectLocal();
const keyOf = (o) => `${o.source}|${o.name}|${o.text}`;
const used = new Set();
const files = {};
const write = (n, list) => {
  files[`ops-${n}.json`] = list;
  for (const o of list) used.add(keyOf(o));
};
const fresh = (o) => !used.has(keyOf(o));
const googleCapped = (shuffle, list, cap) => {
  const perApi = {};
  return shuffle(list.filter((o) => o.source.startsWith("google"))).filter((o) => {
    perApi[o.source] = (perApi[o.source] || 0) + 1;
    return perApi[o.source] <= cap;
  });
};

/**
 * One sampling round over what earlier rounds left: Google (≤ `cap` per API), GitHub, AWS and Node/Playwright
 * operations, `counts` of each, shuffled with the round's seed, numbered from `firstId` and written to `files`
 * files of `perFile` from ops-`firstFile`.
 */
function sampleRound({ seed, cap, counts: [google, github, aws, node], firstId, firstFile, files, perFile }) {
  const shuffle = rng(seed);
  const pick = (a, n) => shuffle(a.slice()).slice(0, n);
  const ops = all.filter(fresh).map((o) => ({ ...o }));
  const loc = local.filter(fresh).map((o) => ({ ...o }));
  const sample = [
    ...pick(googleCapped(shuffle, ops, cap), google),
    ...pick(
      ops.filter((o) => o.source === "github"),
      github,
    ),
    ...pick(
      ops.filter((o) => o.source.startsWith("aws")),
      aws,
    ),
    ...pick(loc, node),
  ];
  for (const [i, o] of shuffle(sample).entries()) o.id = firstId + i;
  for (let k = 0; k < files; k++) write(firstFile + k, sample.slice(k * perFile, (k + 1) * perFile));
}

// Round 1: 700 Google (≤ 4 per API), 500 GitHub, 400 AWS, 200 Node/Playwright; 5 files of 360, ids 0…
sampleRound({ seed: 12345, cap: 4, counts: [700, 500, 400, 200], firstId: 0, firstFile: 1, files: 5, perFile: 360 });
// Round 2: 900 Google (≤ 5 per API), 550 GitHub, 550 AWS, 400 Node/Playwright; 5 files of 480, ids 1800…
sampleRound({
  seed: 987654,
  cap: 5,
  counts: [900, 550, 550, 400],
  firstId: 1800,
  firstFile: 6,
  files: 5,
  perFile: 480,
});
// Round 3: every GitHub and AWS operation left, Google (≤ 8 per API) to 1,440; 3 files of 480, ids 4197…
{
  const shuffle = rng(4242);
  const ops = all.filter(fresh).map((o) => ({ ...o }));
  const g = googleCapped(shuffle, ops, 8);
  const rest = ops.filter((o) => !o.source.startsWith("google"));
  const sample = [...rest, ...shuffle(g).slice(0, 1440 - rest.length)];
  for (const [i, o] of shuffle(sample).entries()) o.id = 4197 + i;
  for (let k = 0; k < 3; k++) write(k + 11, sample.slice(k * 480, (k + 1) * 480));
}

let differ = 0;
for (const [name, list] of Object.entries(files)) {
  const text = `${JSON.stringify(list, null, 1)}`;
  const file = path.join(OUT, name);
  if (check) {
    const same =
      fs.existsSync(file) && JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8"))) === JSON.stringify(list);
    if (!same) differ++;
    console.log(`${name}: ${list.length} operations ${same ? "identical" : "DIFFERENT"}`);
  } else {
    fs.writeFileSync(file, text);
    console.log(`${name}: ${list.length} operations`);
  }
}
if (differ > 0) process.exit(1);
