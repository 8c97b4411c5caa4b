import type { TimelineRow, ToolCallView } from "@/components/lib/timeline";
import { MarkdownText } from "./markdown";
import { ToolCallCard } from "./tool-call-card";

export interface MessageProps {
  row: TimelineRow;
  durationOf: (call: ToolCallView) => string | undefined;
}

/** One message of the conversation: the person's, the agent's (with calls in flight), or a tool result. */
export function Message({ row, durationOf }: MessageProps) {
  if (row.kind === "human") {
    return (
      <div data-testid="message" data-role="human" className="flex justify-end">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-fawn-600 px-4 py-2 text-[0.95rem] text-white">
          {row.text}
        </div>
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
    <div data-testid="message" data-role="ai" data-empty={empty || undefined} className={empty ? "hidden" : "flex gap-3"}>
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
  return <img src="/favicon.svg" alt="" aria-hidden="true" width={24} height={24} className="mt-0.5 h-6 w-6 shrink-0 rounded-full" />;
}
