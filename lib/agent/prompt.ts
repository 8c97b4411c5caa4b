import { deferredToolsPromptSection } from "@/lib/deferred/prompt";

export interface PromptOptions {
  /** The deferred tools' names, listed one per line… */
  deferredNames?: Iterable<string>;
  /** …or the section as the deferred setup rendered it (names or servers), which wins. */
  deferredSection?: string;
  now?: Date;
}

/** The lead agent's system prompt: who it is, how it works with tools, and the deferred-tool section. */
export function leadSystemPrompt(opts: PromptOptions): string {
  const date = (opts.now ?? new Date()).toISOString().slice(0, 10);
  const parts = [
    "You are Fawn, a helpful lead agent. Today is " + date + ".",
    "Use tools when they help; answer directly when they do not. Never invent tool results.",
    "If the request is ambiguous or a choice is needed, call ask_clarification instead of guessing.",
    "When you produce files for the user, write them under outputs/ and call present_files.",
  ];
  const section = opts.deferredSection ?? deferredToolsPromptSection(opts.deferredNames ?? []);
  if (section) parts.push("", section);
  return parts.join("\n");
}
