import { describe, expect, it } from "vitest";
import { searchDoc } from "@/test/support/tools";
import { DEFAULT_NAMED_SERVER_USE, fuseNamedServer, NamedServers } from "./named-servers";
import { TextRanker } from "./ranker";
import { DEFAULT_RANKER } from "./ranker-config";
import { DEFAULT_TECHNIQUES, NO_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import { numberServers } from "./server-numbers";
import type { SearchDoc } from "./types";

/** Documents per word, as an index would give them (ascending), from a plain word list per tool. */
const docsOfWords =
  (perTool: string[][]) =>
  (term: string): Int32Array | undefined => {
    const docs = perTool.flatMap((w, i) => (w.includes(term) ? [i] : []));
    return docs.length > 0 ? Int32Array.from(docs) : undefined;
  };

describe("named servers: the one server a request names", () => {
  const servers = ["cloudflare", "cloudflare", "supabase", "google_maps", "git", "github", "github", ""];
  // The tools' words: git is also in both GitHub tools' words (more than in git's own one), so it is a word of the trade.
  const words = [
    ["cloudflare", "worker"],
    ["cloudflare", "queue"],
    ["supabase", "edge", "function"],
    ["googl", "map", "elev"],
    ["git", "checkout"],
    ["github", "git", "repositori"],
    ["github", "git", "pull"],
    ["echo"],
  ];
  const named = new NamedServers(numberServers(servers), docsOfWords(words));

  it("finds a server by its name, case and separators ignored, and gives each tool its server", () => {
    expect(named.named("Tear down the image-resizer function on Cloudflare's edge")).toBe(0);
    expect(named.named("deploy to CLOUDFLARE")).toBe(0);
    expect(named.named("how high is Mont Ventoux, by Google Maps?")).toBe(2);
    expect(named.named("googlemaps elevation of Rainier")).toBe(2);
    expect(named.named("google-maps elevation")).toBe(2);
    expect(Array.from(named.serverOf)).toEqual([0, 0, 1, 2, 3, 4, 4, -1]);
  });

  it("says which typed words spell a server's name, split or run together, case and separators ignored", () => {
    expect(named.spelledBy(2, ["how", "high", "google", "maps", "rainier"])).toEqual([2, 3]);
    expect(named.spelledBy(2, ["googlemaps", "elevation"])).toEqual([0]);
    expect(named.spelledBy(0, ["Cloudflare's", "edge", "on", "cloudflare"])).toEqual([3]);
    expect(named.spelledBy(0, ["cloud", "flare", "worker"])).toEqual([0, 1]);
    // A part of the name, or a longer word, spells nothing.
    expect(named.spelledBy(2, ["google", "search"])).toEqual([]);
    expect(named.spelledBy(0, ["cloudflarex"])).toEqual([]);
  });

  it("answers a text asked again, or asked after another, as it did the first time", () => {
    const answers = new Map([
      ["deploy to CLOUDFLARE", 0],
      ["copy the Supabase table to Cloudflare", -1],
      ["googlemaps elevation of Rainier", 2],
    ]);
    const [a, b, c] = [...answers.keys()] as [string, string, string];
    for (const text of [a, b, c, c, b, a, a, c]) expect(named.named(text)).toBe(answers.get(text));
  });

  it("names nothing when no server, two servers, or a part of a name is mentioned", () => {
    expect(named.named("delete the old edge function")).toBe(-1);
    expect(named.named("copy the Supabase table to Cloudflare")).toBe(-1);
    expect(named.named("open Google in a browser")).toBe(-1);
    expect(named.named("cloudflarex")).toBe(-1);
    expect(named.named("")).toBe(-1);
  });

  it("tells a server's name written as a host from an address", () => {
    const hosts = new NamedServers(
      numberServers(["chesscom", "booking", "git", "github", "github"]),
      docsOfWords([
        ["chess", "player"],
        ["book", "hotel"],
        ["git", "commit"],
        ["github", "git", "pull"],
        ["github", "git"],
      ]),
    );
    expect(hosts.namesServerHost("Chess.com")).toBe(true);
    expect(hosts.namesServerHost("booking.com")).toBe(true);
    expect(hosts.namesServerHost("example.com")).toBe(false);
    expect(hosts.namesServerHost("api.github.io")).toBe(false);
    // A word of the trade is no product, written as a host or not.
    expect(hosts.namesServerHost("git.io")).toBe(false);
  });

  it("takes a name other servers' tools use more than its own for a word, not a product", () => {
    expect(named.named("hop over to the release branch in my local git clone")).toBe(-1);
    // …so it does not stop another server from being the one named.
    expect(named.named("clone the GitHub repository with git")).toBe(4);
  });

  it("reads a name without the words that only say it is an MCP server", () => {
    const packaged = new NamedServers(
      numberServers(["github-mcp", "mcp-server-slack", "Google_Maps_MCP", "mcp"]),
      docsOfWords([["github", "mcp"], ["mcp", "server", "slack"], ["googl", "map", "mcp"], ["mcp"]]),
    );
    expect(packaged.named("open an issue on GitHub")).toBe(0);
    expect(packaged.named("the github-mcp server")).toBe(0);
    expect(packaged.named("post it to Slack")).toBe(1);
    expect(packaged.named("route in google maps")).toBe(2);
    // A name made only of such words keeps them (here the other servers' names hold the word, so it names nothing).
    expect(packaged.named("ask mcp")).toBe(-1);
    const bare = new NamedServers(numberServers(["mcp", "slack"]), docsOfWords([["mcp"], ["slack"]]));
    expect(bare.named("ask mcp")).toBe(0);
  });

  it("names nothing in a catalog of fewer than two servers", () => {
    const one = new NamedServers(
      numberServers(["cloudflare", "cloudflare"]),
      docsOfWords([["cloudflare"], ["cloudflare"]]),
    );
    expect(one.named("on Cloudflare")).toBe(-1);
  });
});

describe("fuseNamedServer: the ranking fused with the named server's tools in it", () => {
  const serverOf = Int32Array.from([0, 1, 1, 0, 1, 0]);
  const ranked = [
    { index: 0, name: "a", score: 10 },
    { index: 1, name: "b", score: 9 },
    { index: 2, name: "c", score: 8 },
    { index: 3, name: "d", score: 7 },
    { index: 4, name: "e", score: 6 },
    { index: 5, name: "f", score: 2 },
  ];
  const use = { ...DEFAULT_NAMED_SERVER_USE, main: 3, k: 1 };

  it("lifts the server's tools by reciprocal rank and keeps scores falling, in the ranking's units", () => {
    const out = fuseNamedServer(ranked, 1, serverOf, use, 6);
    // b: 1/3 + 1/2, c: 1/4 + 1/3, a: 1/2, e: 1/4 (only the server's list); d is in neither list, f is under half the best.
    expect(out.map((r) => r.name)).toEqual(["b", "c", "a", "e", "d", "f"]);
    expect(out[0]!.score).toBeGreaterThan(out[1]!.score);
    for (let i = 1; i < out.length; i++) expect(out[i - 1]!.score).toBeGreaterThan(out[i]!.score);
    // A lifted tool takes a hair more than the result it now precedes; the others keep their own scores.
    expect(out[1]!.score).toBeCloseTo(10, 6);
    expect(out[2]!.score).toBe(10);
    expect(out[3]!.score).toBeCloseTo(7, 6);
    expect(out[4]!.score).toBe(7);
    // The input is not changed.
    expect(ranked[1]!.score).toBe(9);
  });

  it("gives the first `limit` only, and nothing for a limit of 0", () => {
    expect(fuseNamedServer(ranked, 1, serverOf, use, 2).map((r) => r.name)).toEqual(["b", "c"]);
    expect(fuseNamedServer(ranked, 1, serverOf, use, 0)).toEqual([]);
    expect(fuseNamedServer([], 1, serverOf, use, 5)).toEqual([]);
  });
});

describe("the `named` technique in a search", () => {
  const DOCS: SearchDoc[] = [
    searchDoc("get_edge_function", "supabase", "Get the code of an edge function."),
    searchDoc("delete_edge_function", "supabase", "Delete an edge function."),
    searchDoc("list_edge_functions", "supabase", "List the edge functions of the project."),
    searchDoc("worker_delete", "cloudflare", "Delete a Worker script."),
    searchDoc("worker_get", "cloudflare", "Get a Worker script's source."),
    searchDoc("zones_list", "cloudflare", "List the zones of the account."),
  ];
  const withNamed = new LexicalSearcher(DOCS, {
    ...DEFAULT_RANKER,
    techniques: { ...DEFAULT_TECHNIQUES, named: true, rerank: false },
  });
  // The learned reranker off on both sides: it reads whether a server is named (and more), and is tested on its own.
  const without = new LexicalSearcher(DOCS, {
    ...DEFAULT_RANKER,
    techniques: { ...DEFAULT_TECHNIQUES, named: false, rerank: false },
  });
  const QUERY = "delete the edge function worker on Cloudflare";

  it("puts the named server's best tool first, where the other server's held more of the words", () => {
    expect(without.search(QUERY, 3)[0]).toBe("delete_edge_function");
    expect(withNamed.search(QUERY, 3)[0]).toBe("worker_delete");
  });

  it("changes nothing for a request that names no server", () => {
    const plain = "delete the edge function worker";
    expect(withNamed.searchScored(plain, 5)).toEqual(without.searchScored(plain, 5));
  });
});

describe("the `levelname` technique: a product's name says which server, not which of its tools", () => {
  // Two PagerDuty tools say "PagerDuty" in their text; the one asked for does not.
  const DOCS: SearchDoc[] = [
    searchDoc("list_oncalls", "pagerduty", "List who is on call now, per schedule."),
    searchDoc(
      "get_responder_metrics",
      "pagerduty",
      "Get responder metrics from PagerDuty Analytics, computed by PagerDuty's analytics engine.",
    ),
    searchDoc("get_service_metrics", "pagerduty", "Get service metrics from PagerDuty Analytics."),
    searchDoc("list_builds", "buildkite", "List the builds of a pipeline."),
    searchDoc("get_build", "buildkite", "Get one build of a pipeline."),
  ];
  const searcher = (levelname: boolean) =>
    new LexicalSearcher(DOCS, {
      ...DEFAULT_RANKER,
      techniques: { ...DEFAULT_TECHNIQUES, levelname, rerank: false, vectors: false, exemplars: false },
    });
  const levelled = searcher(true);
  const unlevelled = searcher(false);
  const QUERY = "who is on call for payments in PagerDuty";

  it("ranks the tool the other words ask for first, where the name's repeats put another first", () => {
    expect(unlevelled.search(QUERY, 3)[0]).toBe("get_responder_metrics");
    expect(levelled.search(QUERY, 3)[0]).toBe("list_oncalls");
  });

  it("gives each of the named server's tools the same lexical score for the name", () => {
    // Plain BM25F with only the named server read: no expansion of the name, no feedback pass.
    const lexical = (levelname: boolean) => {
      const ranker = new TextRanker(DOCS, {
        ...DEFAULT_RANKER,
        techniques: { ...NO_TECHNIQUES, named: true, levelname },
      });
      return ranker.scoreAll(ranker.terms("PagerDuty"));
    };
    const own = new Set(["get_responder_metrics", "get_service_metrics", "list_oncalls"]);
    const scoresOf = (levelname: boolean) =>
      new Set(
        lexical(levelname)
          .filter((s) => own.has(s.name))
          .map((s) => s.score.toFixed(9)),
      );
    const scored = lexical(true);
    expect(scored.filter((s) => own.has(s.name))).toHaveLength(3);
    expect(scoresOf(true).size).toBe(1);
    expect(scoresOf(false).size).toBe(3);
    expect(scored).toHaveLength(3);
  });

  it("lifts none of the named server's tools for name words that spell the server", () => {
    // The same tool twice over but for its name: one spells its server in it, one does not.
    const twins: SearchDoc[] = [
      searchDoc("github_get_file", "github", "Get a file."),
      searchDoc("get_file_contents", "github", "Get a file."),
      searchDoc("get_page", "browser", "Get a page."),
    ];
    const scored = (levelname: boolean) => {
      const ranker = new TextRanker(twins, {
        ...DEFAULT_RANKER,
        techniques: { ...NO_TECHNIQUES, named: true, levelname },
      });
      const scores = new Map(ranker.scoreAll(ranker.terms("get a file on github")).map((s) => [s.name, s.score]));
      return [scores.get("github_get_file")!, scores.get("get_file_contents")!];
    };
    const [spells, plain] = scored(true);
    expect(spells).toBeCloseTo(plain, 9);
    const [spellsBefore, plainBefore] = scored(false);
    expect(spellsBefore).toBeGreaterThan(plainBefore);
  });

  it("changes nothing for a request that names no server", () => {
    const plain = "who is on call for payments";
    expect(levelled.searchScored(plain, 5)).toEqual(unlevelled.searchScored(plain, 5));
  });
});
