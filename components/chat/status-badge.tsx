"use client";

import type { MessageKey } from "@/components/i18n/en";
import { useT } from "@/components/i18n/i18n";
import type { CallStatus } from "@/components/lib/timeline";

const STYLE: Record<CallStatus, string> = {
  running: "bg-amber-100 text-amber-800",
  ok: "bg-emerald-100 text-emerald-800",
  error: "bg-red-100 text-red-800",
  blocked: "bg-orange-100 text-orange-800",
  waiting: "bg-sky-100 text-sky-800",
  stopped: "bg-stone-200 text-stone-700",
};

export const STATUS_LABEL: Record<CallStatus, MessageKey> = {
  running: "status.running",
  ok: "status.ok",
  error: "status.error",
  blocked: "status.blocked",
  waiting: "status.waiting",
  stopped: "status.stopped",
};

export function StatusBadge({ status }: { status: CallStatus }) {
  const t = useT();
  return (
    <span
      data-testid="tool-status"
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ${STYLE[status]}`}
    >
      {status === "running" && <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-amber-500" />}
      {t(STATUS_LABEL[status])}
    </span>
  );
}

/** The right end of a call card's header: how long the call took, and its status. */
export function CallMeta({ duration, status }: { duration: string | null | undefined; status: CallStatus }) {
  return (
    <span className="ml-auto flex shrink-0 items-center gap-2">
      {duration && (
        <span data-testid="tool-duration" className="font-mono text-[11px] tabular-nums text-stone-600">
          {duration}
        </span>
      )}
      <StatusBadge status={status} />
    </span>
  );
}
