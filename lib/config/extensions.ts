import { z } from "zod";
import { type DeferPolicy, DeferPolicySchema } from "@/lib/contracts/inventory";
import { McpLifecycleSchema, type McpTransport } from "@/lib/contracts/mcp";
import { ServerNameSchema } from "@/lib/contracts/mcp-servers";
import { ApprovalModeSchema } from "./app-config";

const seconds = z.number().positive().max(3600);

/** An http(s) URL, or text holding a `$VAR` reference (checked again once expanded). */
export function isServerUrl(url: string): boolean {
  if (url.includes("$")) return true;
  if (!URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  return protocol === "http:" || protocol === "https:";
}

export { type DeferPolicy, DeferPolicySchema };

export const McpServerConfigSchema = z
  .object({
    enabled: z.boolean().default(true),
    type: z.enum(["stdio", "sse", "http"]).optional(),
    /** Alias of `type`, as some clients write it. `streamable_http` is accepted for http. */
    transport: z.enum(["stdio", "sse", "http", "streamable_http", "streamable-http"]).optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
    url: z
      .string()
      .refine(isServerUrl, {
        error: (iss) =>
          `must be an http:// or https:// URL such as "http://127.0.0.1:3000/mcp" (got ${JSON.stringify(iss.input)})`,
      })
      .optional(),
    headers: z.record(z.string(), z.string()).default({}),
    description: z.string().optional(),
    tool_name_prefix: z.boolean().default(true),
    session_init_timeout: seconds.default(30),
    tool_call_timeout: seconds.optional(),
    /** Approval for this server's tools (a tool's own entry in `tools` overrides it). */
    approval: ApprovalModeSchema.optional(),
    /** The default defer policy for this server's tools. */
    defer: DeferPolicySchema.default("auto"),
    /** Unset: lazy while every tool of the server is deferred, else eager. */
    lifecycle: McpLifecycleSchema.optional(),
    /** Seconds a lazy server may sit unused before it is stopped (default: config.yaml `mcp.idle_timeout`). */
    idle_timeout: z.number().positive().max(86_400).optional(),
    /** Per-tool settings, by the tool's name on the server or as exposed (prefixed). */
    tools: z
      .record(
        z.string().min(1),
        z.object({ defer: DeferPolicySchema.optional(), approval: ApprovalModeSchema.optional() }).strict(),
      )
      .default({}),
  })
  .strict()
  .superRefine((s, ctx) => {
    const t = transportOf(s);
    if (s.command && s.url) {
      // One of them is ignored whichever transport applies: say which, rather than guess.
      const explicit = s.type ?? s.transport;
      ctx.addIssue({
        code: "custom",
        path: [t === "stdio" && explicit ? "url" : "command"],
        message: !explicit
          ? 'both "command" and "url" are set: keep "command" for a program Fawn starts (stdio), or "url" for a server it connects to (http, sse)'
          : t === "stdio"
            ? 'is for http and sse servers; this stdio server runs "command": remove one of them'
            : `is for stdio servers; this ${t} server is reached at "url": remove one of them`,
      });
      return;
    }
    if (t === "stdio" && !s.command) {
      ctx.addIssue({ code: "custom", path: ["command"], message: "a stdio server needs a command" });
    }
    if (t !== "stdio" && !s.url) {
      ctx.addIssue({ code: "custom", path: ["url"], message: `a ${t} server needs a url` });
    }
  });
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;
export type { McpTransport };

export function transportOf(s: Pick<McpServerConfig, "type" | "transport" | "url" | "command">): McpTransport {
  const t = s.type ?? s.transport;
  if (t === "streamable_http" || t === "streamable-http") return "http";
  if (t) return t;
  return s.url && !s.command ? "http" : "stdio";
}

export const ExtensionsConfigSchema = z
  .object({
    mcpServers: z.record(ServerNameSchema, McpServerConfigSchema).default({}),
  })
  .strict();
export type ExtensionsConfig = z.infer<typeof ExtensionsConfigSchema>;
