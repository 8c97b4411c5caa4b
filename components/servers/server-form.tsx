"use client";

import { cloneElement, isValidElement, type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { say } from "@/components/i18n/phrase";
import { isConflict, RequestError } from "@/components/lib/request-json";
import { requestMessage } from "@/components/lib/send-json";
import {
  entryFromForm,
  type FormProblem,
  type FormTransport,
  problemFromServer,
  type ServerFormValues,
} from "@/components/lib/server-form";
import type { McpServerEntry, McpServerProbeResult } from "@/lib/contracts/mcp-servers";
import { TestResult } from "./test-result";
import { serversApi } from "./use-mcp-servers";

export interface ServerFormProps {
  mode: "add" | "edit";
  initial: ServerFormValues;
  /** The stored entry (masked), for an edit: the fields the form does not show are kept from it. */
  base?: McpServerEntry;
  etag: string;
  onSaved: (name: string) => void;
  onCancel: () => void;
  /** The file changed since it was read: the list must be read again. */
  onConflict: () => void;
}

const INPUT =
  "w-full rounded-md border border-stone-300 bg-white px-2 py-1 text-xs outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 focus:border-fawn-400 disabled:bg-stone-100";

/** Add or edit one server: the fields of its entry, "Test connection" (saves nothing) and Save. */
export function ServerForm({ mode, initial, base, etag, onSaved, onCancel, onConflict }: ServerFormProps) {
  const t = useT();
  const [values, setValues] = useState<ServerFormValues>(initial);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"test" | "save" | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Opened: its first field takes the focus (the name to add, or the first field an edit can change).
  useEffect(() => {
    form.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, []);
  // Refused: the first field with a problem takes the focus.
  useEffect(() => {
    if (problems.length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);
  const [tested, setTested] = useState<McpServerProbeResult | null>(null);
  const set = <K extends keyof ServerFormValues>(key: K, value: ServerFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const problemOf = (field: keyof ServerFormValues) => problems.find((p) => p.field === field);
  const stdio = values.transport === "stdio";

  const prepared = (): McpServerEntry | null => {
    const { entry, problems: found } = entryFromForm(values, base);
    setProblems(found);
    setError(null);
    return found.length > 0 ? null : entry;
  };

  // A refusal naming a field of the entry shows on that field (and takes the focus); any other below the form.
  const refused = (e: unknown) => {
    const onField = e instanceof RequestError ? problemFromServer(e) : null;
    if (onField) setProblems([onField]);
    else setError(requestMessage(e));
  };

  const test = async () => {
    const entry = prepared();
    if (!entry) return;
    setBusy("test");
    setTested(null);
    try {
      setTested(await serversApi.test(values.name, entry));
    } catch (e) {
      refused(e);
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    const entry = prepared();
    if (!entry) return;
    setBusy("save");
    try {
      if (mode === "add") await serversApi.add(etag, values.name, entry);
      else await serversApi.replace(etag, values.name, entry);
      onSaved(values.name);
    } catch (e) {
      refused(e);
      if (isConflict(e)) onConflict();
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      ref={form}
      data-testid="server-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="space-y-2 rounded-lg border border-fawn-200 bg-white p-3"
    >
      <h3 className="text-sm font-semibold">
        {mode === "add" ? t("servers.form.addTitle") : t("servers.form.editTitle", { name: initial.name })}
      </h3>
      <Field label={t("servers.form.name")} hint={t("servers.form.nameHint")} problem={problemOf("name")}>
        <input
          data-testid="server-form-name"
          className={INPUT}
          value={values.name}
          disabled={mode === "edit"}
          onChange={(e) => set("name", e.target.value)}
          autoComplete="off"
        />
      </Field>
      <Field label={t("servers.form.transport")}>
        <select
          data-testid="server-form-transport"
          className={INPUT}
          value={values.transport}
          onChange={(e) => set("transport", e.target.value as FormTransport)}
        >
          <option value="stdio">stdio</option>
          <option value="http">HTTP (Streamable)</option>
          <option value="sse">SSE</option>
        </select>
      </Field>
      {stdio ? (
        <>
          <p className="rounded bg-amber-50 px-2 py-1 text-[11px] text-amber-900">{t("servers.stdioPower")}</p>
          <Field label={t("servers.form.command")} problem={problemOf("command")}>
            <input
              data-testid="server-form-command"
              className={`${INPUT} font-mono`}
              value={values.command}
              onChange={(e) => set("command", e.target.value)}
              autoComplete="off"
            />
          </Field>
          <Field label={t("servers.form.args")}>
            <textarea
              data-testid="server-form-args"
              className={`${INPUT} font-mono`}
              rows={2}
              value={values.args}
              onChange={(e) => set("args", e.target.value)}
            />
          </Field>
          <Field label={t("servers.form.env")} problem={problemOf("env")}>
            <textarea
              data-testid="server-form-env"
              className={`${INPUT} font-mono`}
              rows={2}
              value={values.env}
              onChange={(e) => set("env", e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <Field label={t("servers.form.cwd")}>
            <input
              data-testid="server-form-cwd"
              className={`${INPUT} font-mono`}
              value={values.cwd}
              onChange={(e) => set("cwd", e.target.value)}
            />
          </Field>
        </>
      ) : (
        <>
          <Field label={t("servers.form.url")} problem={problemOf("url")}>
            <input
              data-testid="server-form-url"
              className={`${INPUT} font-mono`}
              value={values.url}
              onChange={(e) => set("url", e.target.value)}
              placeholder="https://example.com/mcp"
              autoComplete="off"
            />
          </Field>
          <Field label={t("servers.form.headers")} problem={problemOf("headers")}>
            <textarea
              data-testid="server-form-headers"
              className={`${INPUT} font-mono`}
              rows={2}
              value={values.headers}
              onChange={(e) => set("headers", e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        </>
      )}
      <p className="text-[11px] text-stone-500">{t("servers.form.secretsHint")}</p>
      <Field label={t("servers.form.description")}>
        <input
          data-testid="server-form-description"
          className={INPUT}
          placeholder={t("servers.form.descriptionHint")}
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
        />
      </Field>
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          data-testid="server-form-enabled"
          checked={values.enabled}
          onChange={(e) => set("enabled", e.target.checked)}
        />
        {t("servers.form.enabled")}
      </label>
      {error && (
        <p
          data-testid="server-form-error"
          role="alert"
          className="break-words rounded bg-red-50 px-2 py-1 text-xs text-red-800"
        >
          {error}
        </p>
      )}
      {tested && (
        <div className="space-y-1">
          <TestResult result={tested} disabled={!values.enabled} />
          <p className="text-[11px] text-stone-500">{t("servers.test.notSaved")}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        <button
          type="button"
          data-testid="server-form-test"
          onClick={() => void test()}
          disabled={busy !== null}
          className="rounded-md border border-stone-300 px-2.5 py-1 text-xs font-medium hover:bg-stone-50 disabled:opacity-50"
        >
          {busy === "test" ? t("servers.testing") : t("servers.test")}
        </button>
        <button
          type="submit"
          data-testid="server-form-save"
          disabled={busy !== null}
          className="rounded-md bg-fawn-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-fawn-700 disabled:opacity-50"
        >
          {busy === "save" ? t("servers.form.saving") : t("servers.form.save")}
        </button>
        <button
          type="button"
          data-testid="server-form-cancel"
          onClick={onCancel}
          className="ml-auto rounded-md px-2.5 py-1 text-xs text-stone-600 hover:bg-stone-100"
        >
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}

/** The form's fields a person can type in or choose, in order. */
const FIRST_FIELD = "input:not([disabled]), select:not([disabled]), textarea:not([disabled])";

function Field({
  label,
  hint,
  problem,
  children,
}: {
  label: string;
  hint?: string;
  problem?: FormProblem;
  children: ReactNode;
}) {
  const t = useT();
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className="block space-y-0.5">
      <span className="text-[11px] font-medium text-stone-600">{label}</span>
      {problem && isValidElement<{ "aria-invalid"?: boolean }>(children)
        ? cloneElement(children, { "aria-invalid": true })
        : children}
      {hint && !problem && <span className="block text-[10px] text-stone-400">{hint}</span>}
      {problem && (
        <span data-testid="server-form-problem" role="alert" className="block text-[11px] text-red-700">
          {say(t, problem.message)}
        </span>
      )}
    </label>
  );
}
