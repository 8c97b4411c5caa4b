/** The server wants an OAuth sign-in that only a person can give (no tokens, or they can no longer be refreshed). */
export class SignInRequiredError extends Error {
  constructor(readonly server: string) {
    super(
      `sign-in required: "${server}" uses OAuth; sign in from the Servers panel or run \`fawn mcp login ${server}\``,
    );
    this.name = "SignInRequiredError";
  }
}

/** Whether an error (possibly wrapped by the MCP client) means "a person must sign in". */
export function isSignInRequired(e: unknown): boolean {
  for (let cur = e, depth = 0; cur instanceof Error && depth < 5; cur = cur.cause, depth++) {
    if (cur instanceof SignInRequiredError || cur.name === "SignInRequiredError") return true;
  }
  return false;
}

/** A sign-in that cannot be completed: unknown or used state, expired flow, refused by the authorization server. */
export class OAuthFlowError extends Error {
  constructor(
    message: string,
    /** The server the flow was for, when known. */
    readonly server: string | null = null,
  ) {
    super(message);
    this.name = "OAuthFlowError";
  }
}
