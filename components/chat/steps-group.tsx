"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { ChevronIcon } from "@/components/icons";
import type { ToolCallView } from "@/components/lib/timeline";
import { isPinned, type Step, type StepsSummary } from "@/components/lib/turns";
import { MarkdownText } from "./markdown";
import { StatusBadge } from "./status-badge";
import { ToolCallCard } from "./tool-call-card";

export interface StepsGroupProps {
  steps: Step[];
  summary: StepsSummary;
  durationOf: (call: ToolCallView) => string | undefined;
}

/**
 * A turn's tool work in one quiet line ("3 steps · tool_search, workbench_calculate"), opened on request.
 * Searches, subagents and failures stay visible while it is closed; the rest stays in the page, hidden.
 */
export function StepsGroup({ steps, summary, durationOf }: StepsGroupProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="message" data-role="tool" className="pl-9">
      <div data-testid="steps-group" data-open={open || undefined} className="space-y-2">
        <button
          type="button"
          data-testid="tool-steps"
          data-count={summary.count}
          data-status={summary.status}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="flex w-full min-w-0 items-center gap-2 rounded-lg px-2 py-1 text-left text-xs text-stone-600 hover:bg-stone-100"
        >
          <ChevronIcon className={`shrink-0 transition-transform ${open ? "rotate-90" : ""}`} />
          <span className="shrink-0 font-medium text-stone-800">{t("steps.count", { count: summary.count })}</span>
          <span className="min-w-0 truncate font-mono">{summary.names.join(", ")}</span>
          <span className="ml-auto shrink-0">
            <StatusBadge status={summary.status} />
          </span>
        </button>
        {steps.map((step) => {
          const visible = open || (step.kind === "call" && isPinned(step.call));
          return (
            <div key={step.key} hidden={!visible}>
              {step.kind === "note" ? (
                <div data-testid="step-note" className="px-2 text-sm text-stone-600">
                  <MarkdownText text={step.text} />
                </div>
              ) : (
                <ToolCallCard call={step.call} duration={durationOf(step.call)} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
