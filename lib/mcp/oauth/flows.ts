import { randomBytes } from "node:crypto";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";

/** One sign-in under way: its `state` is the only key to it, and it can be taken once. */
export interface PendingFlow {
  state: string;
  server: string;
  /** The MCP server's URL when the sign-in started (a changed URL ends the flow). */
  url: string;
  redirectUri: string;
  createdAt: number;
  /** PKCE: the verifier of the challenge sent with the authorization request; it never leaves the server. */
  verifier?: string;
  authorizationUrl?: string;
  /**
   * What this sign-in discovered (checked: lib/mcp/oauth/checked-discovery). Kept with the flow, not stored, until
   * tokens are issued: a sign-in that is started and abandoned does not change where a stored grant is refreshed.
   */
  discovery?: OAuthDiscoveryState;
}

export const FLOW_TTL_MS = 10 * 60_000;
export const MAX_PENDING_FLOWS = 32;

/**
 * Sign-ins waiting for the browser to come back. `take` hands a flow out once and forgets it, so a replayed or
 * forged callback finds nothing; flows expire after `ttlMs`, and at most `max` wait (the oldest gives way).
 */
export class PendingFlows {
  private readonly flows = new Map<string, PendingFlow>();

  constructor(
    private readonly ttlMs = FLOW_TTL_MS,
    private readonly max = MAX_PENDING_FLOWS,
    private readonly now: () => number = Date.now,
  ) {}

  create(server: string, url: string, redirectUri: string): PendingFlow {
    this.prune();
    while (this.flows.size >= this.max) {
      const oldest = this.flows.keys().next().value as string;
      this.flows.delete(oldest);
    }
    const flow: PendingFlow = {
      state: randomBytes(32).toString("base64url"),
      server,
      url,
      redirectUri,
      createdAt: this.now(),
    };
    this.flows.set(flow.state, flow);
    return flow;
  }

  /** The flow for `state`, removed so it cannot be used again; null when unknown, used or expired. */
  take(state: string): PendingFlow | null {
    const flow = this.flows.get(state);
    if (!flow) return null;
    this.flows.delete(state);
    return this.now() - flow.createdAt > this.ttlMs ? null : flow;
  }

  /** Drop a flow that could not start (its authorization URL was never handed out). */
  discard(state: string): void {
    this.flows.delete(state);
  }

  get size(): number {
    return this.flows.size;
  }

  private prune(): void {
    const now = this.now();
    for (const [state, flow] of this.flows) if (now - flow.createdAt > this.ttlMs) this.flows.delete(state);
  }
}
