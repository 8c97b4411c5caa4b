import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import type { OpenAIFunctionDef } from "@/lib/tools/openai-def";

/**
 * o200k_base token counts, offline (the ranks ship inside js-tiktoken; LangChain's own counter fetches
 * tokenizer files from the web and stalls offline). Building the encoder takes about 0.7 s, so it is
 * built on the first count and kept for the process.
 */
let encoder: Tiktoken | undefined;

function getEncoder(): Tiktoken {
  encoder ??= new Tiktoken(o200kBase);
  return encoder;
}

/** Tokens in `text`. Special-token markers such as "<|endoftext|>" are counted as the plain text they are. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  return getEncoder().encode(text, [], []).length;
}

/** Tokens of one tool definition as an OpenAI-compatible API receives it: compact JSON of the whole object. */
export function toolDefinitionTokens(def: OpenAIFunctionDef): number {
  return countTokens(JSON.stringify(def));
}
