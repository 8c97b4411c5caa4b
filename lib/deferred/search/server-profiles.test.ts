import { describe, expect, it } from "vitest";
import { searchDoc } from "@/test/support/tools";
import { expandQuery } from "./expand";
import { DEFAULT_BM25 } from "./bm25";
import { docFields } from "./fields";
import { TermTable } from "./term-table";
import { NO_LEXICON } from "./lexicon";
import { DEFAULT_RANKER } from "./ranker-config";
import { DEFAULT_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import { numberServers } from "./server-numbers";
import { ServerProfiles } from "./server-profiles";
import type { SearchDoc } from "./types";

// Two servers (named so their names say nothing) with a tool of the same kind each: only kappa's other tools say
// "payment", only delta's say "ticket".
const DOCS: SearchDoc[] = [
  searchDoc("kappa_list_customers", "kappa", "List the customers of the account."),
  searchDoc("kappa_create_refund", "kappa", "Refund a payment to the card it came from."),
  searchDoc("kappa_create_invoice", "kappa", "Create a payment invoice for a customer."),
  searchDoc("delta_list_customers", "delta", "List the customers of the account."),
  searchDoc("delta_create_ticket", "delta", "Open a support ticket for a customer."),
  searchDoc("delta_close_ticket", "delta", "Close a support ticket."),
  searchDoc("echo", undefined, "Echo the input back."),
];

const termsOf = (text: string) => expandQuery(text, NO_LEXICON);

describe("server profiles: a tool is lifted by how well its server's tools, taken together, match", () => {
  const table = new TermTable();
  const profiles = new ServerProfiles(
    numberServers(DOCS.map((d) => d.server ?? "")),
    DOCS.map((d) => docFields(d, table)),
    table,
    DEFAULT_BM25,
  );

  it("scores each server by the words of all its tools, as a share of the best server's", () => {
    const shares = profiles.shares(termsOf("customers on the payment platform"))!;
    expect(profiles.size).toBe(2);
    expect(profiles.shareOf(shares, 0)).toBe(1);
    expect(profiles.shareOf(shares, 1)).toBe(1);
    const helpdesk = profiles.shareOf(shares, 3);
    expect(helpdesk).toBeGreaterThan(0);
    expect(helpdesk).toBeLessThan(1);
    // A tool that names no server belongs to no profile.
    expect(profiles.shareOf(shares, 6)).toBe(0);
  });

  it("says nothing when no profile matches, or when there are fewer than two servers", () => {
    expect(profiles.shares(termsOf("weather tomorrow"))).toBeNull();
    const one = new ServerProfiles(
      numberServers(["kappa", "kappa"]),
      DOCS.slice(0, 2).map((d) => docFields(d, table)),
      table,
      DEFAULT_BM25,
    );
    expect(one.shares(termsOf("customers payment"))).toBeNull();
  });

  it("breaks a tie between two servers' tools by the server the request describes", () => {
    // Worked examples, word vectors and the reranker off: what they learned would break the tie on their own.
    const only = (servers: boolean) => ({
      ...DEFAULT_TECHNIQUES,
      servers,
      exemplars: false,
      vectors: false,
      rerank: false,
    });
    const off = new LexicalSearcher(DOCS, { ...DEFAULT_RANKER, techniques: only(false) });
    const on = new LexicalSearcher(DOCS, { ...DEFAULT_RANKER, techniques: only(true) });
    // Alone, the two list_customers tools score the same and the name decides; kappa's other
    // tools hold "payment", so with profiles its tool comes first, and delta's for a support request.
    expect(off.search("list customers on the payment platform", 2)).toEqual([
      "delta_list_customers",
      "kappa_list_customers",
    ]);
    const lifted = on.search("list customers on the payment platform", 5);
    expect(lifted[0]).toBe("kappa_list_customers");
    expect(lifted.indexOf("delta_list_customers")).toBeGreaterThan(0);
    expect(on.search("list customers who contact support", 1)).toEqual(["delta_list_customers"]);
    // Scores stay in the lexical units: the lifted best is at most (1 + weight) × the unlifted best.
    const [a] = off.searchScored("list customers on the payment platform", 1);
    const [b] = on.searchScored("list customers on the payment platform", 1);
    expect(b!.score!).toBeGreaterThan(a!.score!);
    expect(b!.score!).toBeLessThanOrEqual(a!.score! * (1 + DEFAULT_RANKER.servers.weight) + 1e-9);
  });

  it("leaves exact modes alone", () => {
    const on = new LexicalSearcher(DOCS, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, servers: true } });
    expect(on.search("select:delta_list_customers", 5)).toEqual(["delta_list_customers"]);
    expect(on.search("+delta customers", 5)[0]).toBe("delta_list_customers");
  });
});
