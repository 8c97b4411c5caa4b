import { errorText } from "@/components/lib/message-content";

/** The run's error, in the conversation where the person is looking. */
export function ErrorBanner({ error }: { error: unknown }) {
  if (error == null) return null;
  return (
    <div
      role="alert"
      data-testid="stream-error"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <span className="font-semibold">Error: </span>
      <span className="break-words">{errorText(error)}</span>
    </div>
  );
}
