import { describe, expect, it } from "vitest";
import { entityKinds, entityTerms } from "./entities";
import { TextRanker } from "./ranker";
import { DEFAULT_RANKER } from "./ranker-config";
import { DEFAULT_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc } from "./types";

/**
 * A searcher with the learned stages off (translations, likelihood, worked examples, word vectors and what reads
 * them, the action classifier, the reranker): they would tell tools apart by what their training neighbours were
 * asked in, which the ranking tests here are not about.
 */
const withoutLearnedStages = (docs: SearchDoc[], entities: boolean) =>
  new LexicalSearcher(docs, {
    ...DEFAULT_RANKER,
    techniques: {
      ...DEFAULT_TECHNIQUES,
      learned: false,
      likelihood: false,
      exemplars: false,
      vectors: false,
      neighbours: false,
      actions: false,
      rerank: false,
      entities,
    },
  });

describe("entity typing: what a request names says what kind of tool it needs", () => {
  it("finds file names by the MIME registry's extensions, and paths", () => {
    expect(entityKinds("how big is report.csv and when was it last touched?")).toEqual(["file"]);
    expect(entityKinds("open config.dev.json, config.staging.json and config.prod.json")).toEqual(["file"]);
    expect(entityKinds("rename report-final-final.docx to report.docx.")).toEqual(["file"]);
    expect(entityKinds("look at ~/notes/todo.txt")).toEqual(["file", "path"]);
    expect(entityKinds("list what is in ./data")).toEqual(["path"]);
    // Quoted as a phone or a word processor quotes, or ending a sentence with an ellipsis: the same words.
    expect(entityKinds("how big is \u201creport.csv\u201d?")).toEqual(["file"]);
    expect(entityKinds("open \u2018~/notes/todo.txt\u2019")).toEqual(["file", "path"]);
    expect(entityKinds("look in \u00abreport.csv\u00bb, then report.csv\u2026")).toEqual(["file"]);
    // A dotted word whose ending is no known extension, or a sentence's full stop, is not a file.
    expect(entityKinds("the build.blargh target")).toEqual([]);
    expect(entityKinds("the deploy is done. tell the team")).toEqual([]);
  });

  it("tells web addresses, hosts, e-mail addresses, channels and ports from files", () => {
    expect(entityKinds("summarise https://example.com/blog/post.html for me")).toEqual(["url"]);
    expect(entityKinds("send requests for api.example.com/* to my worker")).toEqual(["url"]);
    expect(entityKinds("mail the notes to bob@acme.io")).toEqual(["email"]);
    expect(entityKinds("drop a note in #general saying the deploy is done")).toEqual(["channel"]);
    expect(entityKinds("reach the postgres pod on localhost:5432")).toEqual(["port"]);
    // A product named by its host is the product, when the catalog has its server: no address to fetch.
    const isServer = (host: string) => host.toLowerCase() === "chess.com";
    expect(entityKinds("blitz ratings on Chess.com", isServer)).toEqual([]);
    expect(entityKinds("blitz ratings on Chess.com")).toEqual(["url"]);
    expect(entityKinds("open chess.com/member/hikaru", isServer)).toEqual(["url"]);
    // An issue number is not a channel, and a time of day is not a port.
    expect(entityKinds("close #123 and meet at 9:30")).toEqual([]);
  });

  it("knows values written in a standard notation by their shape", () => {
    expect(entityKinds("pull nginx:1.27-alpine and ghcr.io/acme/billing:2.3.0, then node:20-alpine")).toEqual([
      "image",
    ]);
    expect(entityKinds("run grafana/grafana:latest")).toEqual(["image"]);
    expect(entityKinds("what changed in 3f9c2e1?")).toEqual(["commit"]);
    expect(entityKinds("copy A1:F40 of Budget!$B$2:$C$9")).toEqual(["cells"]);
    // The word parts break at "(" and ",", so a formula is found in the whole text (its range too).
    expect(entityKinds('is =SUMIFS(B:B,A:A,"North") right?')).toEqual(["formula"]);
    expect(entityKinds("put =SUM(B2:C2) in D2")).toEqual(["cells", "formula"]);
    expect(entityKinds("give her $40 back")).toEqual(["money"]);
    expect(entityKinds("a price of 49 USD a month")).toEqual(["money"]);
    expect(entityKinds("let 203.0.113.7 and 10.0.0.0/24 in")).toEqual(["ip address"]);
    expect(entityKinds("fire it on 0 9 * * 1-5")).toEqual(["cron"]);
  });

  it("leaves look-alikes of those values alone", () => {
    // A key and a bare name:number are written alike; an image needs a path, `latest`, or a dotted or dashed tag.
    expect(entityKinds("read session:42 and user:1024:profile, then node:18")).toEqual([]);
    // Hex needs a digit and a letter, and 7 of them at least; a version is not an address.
    expect(entityKinds("the deadbeef and 1234567 and a1b2c3 ids, version 1.2.3.4.5")).toEqual([]);
    expect(entityKinds("sheet B:B, 9:30 and 3 * 4 = 12")).toEqual([]);
    expect(entityKinds("reach localhost:5432")).toEqual(["port"]);
  });

  it("finds street addresses and latitude, longitude pairs", () => {
    expect(entityKinds("where on the globe is 221B Baker Street?")).toEqual(["street address"]);
    expect(entityKinds("I'm leaving from 1 Market St tomorrow")).toEqual(["street address"]);
    expect(entityKinds("what street is at 40.7484, -73.9857?")).toEqual(["coordinates"]);
    expect(entityKinds("bump it from 1.25, 2.30 to 2.31")).toEqual([]);
    expect(entityKinds("we took 3 Big steps")).toEqual([]);
  });

  it("knows a city by the runtime's IANA time zones, one to three capitalised words", () => {
    expect(entityKinds("is it still morning in Auckland?")).toEqual(["city"]);
    expect(entityKinds("standup is at 9:30 in Los Angeles")).toEqual(["city"]);
    expect(entityKinds("what is the weather like in the kitchen")).toEqual([]);
    // Written as a name: capitalised, and a one-word name not opening a sentence ("wake" and "center" are
    // zone names too, Antarctica's Troll a troll).
    expect(entityKinds("wake the dormant project and center the logo")).toEqual([]);
    expect(entityKinds("Wake up the dormant project")).toEqual([]);
    expect(entityKinds("Standup is at 9:30. What time is that in Lisbon?")).toEqual(["city"]);
    expect(entityKinds("New York to London, how many hours apart?")).toEqual(["city"]);
  });

  it("adds one term per kind found, scored through the kind's best word, at the configured weight", () => {
    // A city is a time zone and a location: its term reaches the time tools and the map and weather tools alike.
    const [city] = entityTerms("noon in Lisbon?", { weight: 0.7 });
    expect(city).toEqual({
      source: "entity:city",
      expansions: [
        { terms: ["timezon"], weight: 0.7 },
        { terms: ["time", "zone"], weight: 0.7 },
        { terms: ["locat"], weight: 0.7 },
      ],
      inferred: true,
    });
    expect(entityTerms("a.csv at b@c.io", { weight: 1 }).map((t) => t.source)).toEqual(["entity:file", "entity:email"]);
    expect(entityTerms("a.csv", { weight: 0 })).toEqual([]);
    expect(entityTerms("nothing concrete here")).toEqual([]);
  });

  it("takes a catalog server named by its host for the server, with `named` on", () => {
    const docs: SearchDoc[] = [
      {
        name: "get_player_stats",
        server: "chesscom",
        description: "Get a player's stats from Chess.com.",
        parameters: {},
      },
      {
        name: "get_club_members",
        server: "chesscom",
        description: "Get members of a club on Chess.com.",
        parameters: {},
      },
      { name: "fetch", server: "fetch", description: "Fetch a web page by its URL.", parameters: {} },
    ];
    const sources = (named: boolean, text: string) =>
      new TextRanker(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, named } })
        .terms(text)
        .map((t) => t.source)
        .filter((s) => s?.startsWith("entity:"));
    expect(sources(true, "hikaru's blitz rating on Chess.com")).toEqual([]);
    expect(sources(false, "hikaru's blitz rating on Chess.com")).toEqual(["entity:url"]);
    expect(sources(true, "fetch lichess.org for me")).toEqual(["entity:url"]);
  });

  it("reads a city as a place too: a request about a city is not taken for one about its time", () => {
    const docs: SearchDoc[] = [
      {
        name: "get_current_time",
        server: "time",
        description: "Get the current time in a specific timezone.",
        parameters: { properties: { timezone: { type: "string", description: "IANA timezone name" } } },
      },
      {
        name: "maps_elevation",
        server: "googlemaps",
        description: "Get elevation data for locations on the earth.",
        parameters: { properties: { locations: { type: "array", description: "Points to read" } } },
      },
    ];
    const searcher = withoutLearnedStages(docs, true);
    // "Denver" is the city of America/Denver: it lifts both tools, and the rest of the request decides.
    expect(searcher.search("how high above sea level is Denver, in metres of elevation?", 1)).toEqual([
      "maps_elevation",
    ]);
    expect(searcher.search("what time is it in Denver?", 1)).toEqual(["get_current_time"]);
  });

  it("is a switch: a request that names only a file finds the file tool with it on, not without", () => {
    const docs: SearchDoc[] = [
      { name: "get_file_info", description: "Get metadata about a file: size, modified time.", parameters: {} },
      { name: "get_dataset_info", description: "Get metadata about a dataset: size, modified time.", parameters: {} },
    ];
    const searcher = (entities: boolean) => withoutLearnedStages(docs, entities);
    // Without it the two tie (ties go by name); the file name says which one is meant.
    expect(searcher(false).search("how big is plan.odt", 2)).toEqual(["get_dataset_info", "get_file_info"]);
    expect(searcher(true).search("how big is plan.odt", 2)).toEqual(["get_file_info", "get_dataset_info"]);
  });

  it("does not make a match look stronger than the words the user typed", () => {
    const docs: SearchDoc[] = [{ name: "read_file", description: "Read a file.", parameters: {} }];
    const on = new LexicalSearcher(docs, {
      ...DEFAULT_RANKER,
      techniques: { ...DEFAULT_TECHNIQUES, entities: true },
    });
    // "show" and "notes.txt" (notes, txt) are the typed words; the added "file" term is not counted.
    expect(on.matchShare?.("show notes.txt", "read_file")).toBeLessThan(1);
  });
});
