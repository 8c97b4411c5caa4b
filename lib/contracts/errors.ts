import { z } from "zod";

/** Every error code an HTTP route of Fawn answers with; the status says the class, the code says which. */
export const ERROR_CODES = [
  "invalid_json",
  "invalid_body",
  "invalid_query",
  "invalid_path",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  /** A new thing's name is another's already (an MCP server): choose another name. */
  "name_taken",
  "payload_too_large",
  "unsupported_media_type",
  "agent_unavailable",
  /** A remote party Fawn had to reach (an MCP server, an OAuth authorization server) failed. */
  "upstream_error",
  "storage_unavailable",
  "internal",
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The body of every error response: `{error: {code, message}}`; the message is safe to show and names the culprit. */
export const ErrorBodySchema = z.object({
  error: z.object({ code: ErrorCodeSchema, message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
