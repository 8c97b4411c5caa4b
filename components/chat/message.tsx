import { FileIcon } from "@/components/artifacts/file-icons";
import type { TimelineRow, ToolCallView } from "@/components/lib/timeline";
import { splitUploadedFiles } from "@/components/lib/uploads";
import { MarkdownText } from "./markdown";
import { ToolCallCard } from "./tool-call-card";

export interface MessageProps {
  row: TimelineRow;
  durationOf: (call: ToolCallView) => string | undefined;
}

/** One message of the conversation: the person's, the agent's (with calls in flight), or a tool result. */
export function Message({ row, durationOf }: MessageProps) {
  if (row.kind === "human") {
    // Attached files reach the model as an <uploaded_files> block in the text; people see chips.
    const { text, files } = splitUploadedFiles(row.text);
    return (
      <div data-testid="message" data-role="human" className="flex flex-col items-end gap-1.5">
        {files.length > 0 && (
          <div className="flex max-w-[85%] flex-wrap justify-end gap-1.5">
            {files.map((f) => (
              <span
                key={f.path}
                data-testid="message-upload"
                data-path={f.path}
                title={f.path}
                className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-fawn-200 bg-fawn-50 px-2 py-1 text-xs text-fawn-900"
              >
                <FileIcon width={14} height={14} className="shrink-0" />
                <span className="truncate font-mono">{f.name}</span>
                {f.sizeLabel && <span className="shrink-0 text-fawn-700/70">{f.sizeLabel}</span>}
              </span>
            ))}
          </div>
        )}
        {text !== "" && (
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-fawn-600 px-4 py-2 text-[0.95rem] text-white">
            {text}
          </div>
        )}
      </div>
    );
  }
  if (row.kind === "tool") {
    return (
      <div data-testid="message" data-role="tool" className="pl-9">
        <ToolCallCard call={row.call} duration={durationOf(row.call)} />
      </div>
    );
  }
  const empty = row.text.trim() === "" && row.pendingCalls.length === 0;
  // An AI turn that only called tools has no text of its own; its calls are drawn by the tool messages.
  return (
    <div
      data-testid="message"
      data-role="ai"
      data-empty={empty || undefined}
      className={empty ? "hidden" : "flex gap-3"}
    >
      <Avatar />
      <div className="min-w-0 flex-1 space-y-2">
        {row.text.trim() !== "" && <MarkdownText text={row.text} />}
        {row.pendingCalls.map((call) => (
          <ToolCallCard key={call.id} call={call} duration={durationOf(call)} />
        ))}
      </div>
    </div>
  );
}

export function Avatar() {
  // An image, not a letter, so a message's text is only what the agent said.
  return (
    <img
      src="/favicon.svg"
      alt=""
      aria-hidden="true"
      width={24}
      height={24}
      className="mt-0.5 h-6 w-6 shrink-0 rounded-full"
    />
  );
}
