/**
 * The add/edit form of the Servers panel, as plain values: one server entry shown as form fields (args one
 * per line, env as KEY=VALUE lines, headers as "Name: value" lines, secrets as ***) and turned back into an
 * entry, keeping every field the form does not show (timeouts, defer and approval policies, per-tool settings).
 */
import { type Phrase, phrase } from "@/components/i18n/phrase";
import type { McpTransport } from "@/lib/contracts/mcp";
import { type McpServerEntry, type McpServerView, ServerNameSchema, splitPair } from "@/lib/contracts/mcp-servers";

export type FormTransport = McpTransport;

export interface ServerFormValues {
  name: string;
  transport: FormTransport;
  command: string;
  /** One argument per line, so a path with spaces stays one argument. */
  args: string;
  /** KEY=VALUE per line; *** keeps the stored value. */
  env: string;
  cwd: string;
  url: string;
  /** "Name: value" per line; *** keeps the stored value. */
  headers: string;
  description: string;
  enabled: boolean;
}

export const EMPTY_FORM: ServerFormValues = {
  name: "",
  transport: "stdio",
  command: "",
  args: "",
  env: "",
  cwd: "",
  url: "",
  headers: "",
  description: "",
  enabled: true,
};

export interface FormProblem {
  field: keyof ServerFormValues;
  message: Phrase;
}

/** The fields this form shows; the others of an entry are kept as they were. */
const FORM_FIELDS = ["type", "transport", "command", "args", "env", "cwd", "url", "headers", "description", "enabled"];

const str = (v: unknown) => (typeof v === "string" ? v : "");
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export function formFromServer(
  view: Pick<McpServerView, "name" | "entry" | "transport" | "enabled">,
): ServerFormValues {
  const e = view.entry;
  return {
    name: view.name,
    transport: view.transport,
    command: str(e.command),
    args: Array.isArray(e.args) ? e.args.map(String).join("\n") : "",
    env: Object.entries(record(e.env))
      .map(([k, v]) => `${k}=${str(v)}`)
      .join("\n"),
    cwd: str(e.cwd),
    url: str(e.url),
    headers: Object.entries(record(e.headers))
      .map(([k, v]) => `${k}: ${str(v)}`)
      .join("\n"),
    description: str(e.description),
    enabled: view.enabled,
  };
}

function lines(text: string): Array<{ line: number; text: string }> {
  return text
    .split("\n")
    .map((t, i) => ({ line: i + 1, text: t.replace(/\r$/, "") }))
    .filter((l) => l.text.trim() !== "");
}

/** `KEY=VALUE` or `Name: value` lines as a record; each malformed line is a problem naming it. */
function pairs(
  text: string,
  separator: "=" | ":",
  field: "env" | "headers",
  problems: FormProblem[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { line, text: t } of lines(text)) {
    const [key, value] = splitPair(t, separator) ?? ["", ""];
    if (!key || /\s/.test(key)) {
      problems.push({
        field,
        message: phrase(field === "env" ? "servers.form.envLine" : "servers.form.headerLine", { line }),
      });
      continue;
    }
    out[key] = value;
  }
  return out;
}

/**
 * The entry the form describes, on top of `base` (the stored entry, for an edit). Problems name the field;
 * with any problem the entry is not to be sent.
 */
export function entryFromForm(
  values: ServerFormValues,
  base: McpServerEntry = {},
): { entry: McpServerEntry; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  if (!ServerNameSchema.safeParse(values.name).success)
    problems.push({ field: "name", message: phrase("servers.form.nameInvalid") });
  const entry: McpServerEntry = Object.fromEntries(Object.entries(base).filter(([k]) => !FORM_FIELDS.includes(k)));
  entry.type = values.transport;
  if (values.transport === "stdio") {
    if (!values.command.trim()) problems.push({ field: "command", message: phrase("servers.form.commandRequired") });
    entry.command = values.command.trim();
    const args = lines(values.args).map((l) => l.text);
    if (args.length > 0) entry.args = args;
    const env = pairs(values.env, "=", "env", problems);
    if (Object.keys(env).length > 0) entry.env = env;
    if (values.cwd.trim()) entry.cwd = values.cwd.trim();
  } else {
    if (!values.url.trim()) problems.push({ field: "url", message: phrase("servers.form.urlRequired") });
    entry.url = values.url.trim();
    const headers = pairs(values.headers, ":", "headers", problems);
    if (Object.keys(headers).length > 0) entry.headers = headers;
  }
  if (values.description.trim()) entry.description = values.description.trim();
  if (!values.enabled || "enabled" in base) entry.enabled = values.enabled;
  return { entry, problems };
}

/** The entry's fields the form shows as fields of its own (a server refusal naming one is shown on it). */
const FIELD_OF_ENTRY: Record<string, keyof ServerFormValues> = {
  name: "name",
  type: "transport",
  transport: "transport",
  command: "command",
  args: "args",
  env: "env",
  cwd: "cwd",
  url: "url",
  headers: "headers",
  description: "description",
};

/**
 * A refusal of the server (`{code, message}` of the API's error body) that names a field of the entry
 * (`body.url: must be an http:// or https:// URL…`, `body.name: an MCP server named "x" already exists`), as a
 * problem of that field of the form, in the server's words; null for any other refusal.
 */
export function problemFromServer(e: { code: string | null; message: string }): FormProblem | null {
  if (e.code !== "invalid_body" && e.code !== "name_taken") return null;
  const m = /^body\.([A-Za-z_]+)[^:]*: (.+)$/s.exec(e.message);
  const field = m ? FIELD_OF_ENTRY[m[1]!] : undefined;
  return field ? { field, message: phrase("servers.form.serverSaid", { text: m![2]! }) } : null;
}
