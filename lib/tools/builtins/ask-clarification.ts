import { tool } from "@langchain/core/tools";
import { interrupt } from "@langchain/langgraph";
import { z } from "zod";

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

/** What the UI or SDK sends back with `Command({ resume })`: a string, or `{ answer }`. */
const ResumeSchema = z.union([z.string(), z.object({ answer: z.string() }).loose()]);

/**
 * Pause the run and ask the person. The run resumes with `Command({ resume: answer })` and the
 * answer comes back to the model as this tool's result.
 */
export const askClarificationTool = tool(
  async (args) => {
    const answer: unknown = interrupt({ type: "clarification", ...args });
    const parsed = ResumeSchema.safeParse(answer);
    if (!parsed.success) return "The user did not give a usable answer (expected text).";
    const text = typeof parsed.data === "string" ? parsed.data : parsed.data.answer;
    return `The user answered: ${text}`;
  },
  {
    name: "ask_clarification",
    description:
      "Ask the user a clarifying question and wait for the answer. Use it when the request is ambiguous, " +
      "information is missing, or a choice between options is needed before you act. Do not guess instead.",
    schema: ClarificationRequestSchema,
  },
);
