import { tool } from "@langchain/core/tools";
import { interrupt } from "@langchain/langgraph";
import { z } from "zod";
import { CLARIFICATION_TOOL, clarificationInterrupt, readClarificationAnswer } from "@/lib/contracts/clarification";

export const ClarificationRequestSchema = z.object({
  question: z.string().min(1).max(2000).describe("The question to ask the user, one clear sentence."),
  options: z
    .array(z.string().min(1).max(200))
    .max(10)
    .optional()
    .describe("Choices to offer, when the answer is one of a few options. Omit for a free-text answer."),
  context: z.string().max(2000).optional().describe("Why you are asking: what is ambiguous or missing."),
});
export type ClarificationRequest = z.infer<typeof ClarificationRequestSchema>;

/**
 * Pause the run and ask the person. The interrupt is readable by Fawn's UI and by LangGraph clients that
 * only know approval requests (see lib/contracts/clarification.ts); the run resumes with the answer as
 * text, `{answer}` or an `edit` decision, and the answer comes back to the model as this tool's result.
 */
export const askClarificationTool = tool(
  async (args) => {
    const answer = readClarificationAnswer(interrupt(clarificationInterrupt(args)));
    if (!answer.ok) return `The user did not give a usable answer (${answer.error}).`;
    return `The user answered: ${answer.resume}`;
  },
  {
    name: CLARIFICATION_TOOL,
    description:
      "Ask the user a clarifying question and wait for the answer. Use it when the request is ambiguous, " +
      "information is missing, or a choice between options is needed before you act. Do not guess instead.",
    schema: ClarificationRequestSchema,
  },
);
