"use client";

import { useT } from "@/components/i18n/i18n";
import { classifyError } from "@/components/lib/errors";

/** The run's error, in the conversation where the person is looking; the technical text stays available. */
export function ErrorBanner({ error }: { error: unknown }) {
  const t = useT();
  if (error == null) return null;
  const { kind, detail } = classifyError(error);
  const summary =
    kind === "network"
      ? t("error.network")
      : kind === "busy"
        ? t("error.busy")
        : kind === "missing_thread"
          ? t("thread.missingTitle")
          : null;
  return (
    <div
      role="alert"
      data-testid="stream-error"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <span className="font-semibold">{t("error.label")} </span>
      <span className="break-words">{summary ?? detail}</span>
      {summary && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer">{t("error.details")}</summary>
          <span className="break-words font-mono">{detail}</span>
        </details>
      )}
    </div>
  );
}
