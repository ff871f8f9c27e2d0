/**
 * ask_user (test/ask-user.test.ts): puts multiple-choice questions to the user and
 * waits. While it waits, a `waiting_for_input` update goes to the UI; the host's
 * `askUser` callback shows the questions and resolves with the answers, which come back
 * to the model as the result text. Where nobody can answer (print and json mode), the
 * model is told to go on with its best judgement.
 */
import { Type } from "@sinclair/typebox";
import { failure, progress, success } from "../core/envelope.js";
import { defineTool } from "../core/run-tool.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

const askUserParameters = Type.Object({
  questions: Type.Array(
    Type.Object({
      question: Type.String({ minLength: 1, description: "The full question, ending with ?" }),
      header: Type.String({
        minLength: 1,
        maxLength: 12,
        description: "A very short label for the question (max 12 chars), e.g. Auth.",
      }),
      options: Type.Array(
        Type.Object({
          label: Type.String({ minLength: 1, description: "The choice, 1-5 words." }),
          description: Type.String({ description: "What choosing it means." }),
        }),
        { minItems: 2, maxItems: 4 },
      ),
      multiSelect: Type.Boolean({ description: "true: the user may choose several options." }),
    }),
    { minItems: 1, maxItems: 4 },
  ),
});

export interface AskUserQuestion {
  question: string;
  header: string;
  options: { label: string; description: string }[];
  multiSelect: boolean;
}

/**
 * The user's answers keyed by question text: the chosen label(s) (several joined with
 * ", ") or the user's own words. A question missing from the record was left unanswered.
 */
export type AskUserAnswers = Record<string, string>;

/**
 * Shows the questions and resolves with the answers; `signal` aborts when the run is
 * cancelled; `call.toolCallId` ties the question to its tool call (an editor's dialog).
 */
export type AskUserHandler = (
  questions: AskUserQuestion[],
  signal: AbortSignal | undefined,
  call: { toolCallId?: string },
) => Promise<AskUserAnswers>;

function questionLines(questions: readonly AskUserQuestion[], answers?: AskUserAnswers): string[] {
  return questions.flatMap((question, index) => {
    const line = `${index + 1}. [${question.header}] ${question.question}`;
    if (!answers) return [line];
    return [line, `   Answer: ${answers[question.question] ?? "(no answer)"}`];
  });
}

function report(status: string, questions: readonly AskUserQuestion[], answers?: AskUserAnswers) {
  return [
    "# AskUserQuestion",
    "",
    `Status: ${status}`,
    `Question count: ${questions.length}`,
    "",
    ...questionLines(questions, answers),
  ].join("\n");
}

const abortedMessage = "The question was cancelled before the user answered.";

/** `askUser` undefined: no host can answer, and every call says so. */
export function createAskUserTool(askUser: AskUserHandler | undefined) {
  return defineTool({
    name: "ask_user",
    summary: TOOL_SUMMARIES.ask_user,
    label: "Ask user",
    description:
      "Ask the user 1-4 multiple-choice questions and wait for the answers: to clarify an ambiguous request, " +
      "choose between approaches, or get a preference. Each question has a short header, 2-4 options " +
      "(label + description) and multiSelect. The user may also answer in their own words. " +
      "Do not use it for things you can find out yourself.",
    parameters: askUserParameters,
    async execute(params, context) {
      const questions = params.questions;
      const data = { questions, question_count: questions.length };
      if (!askUser) {
        return failure(
          "EXECUTION_ERROR",
          "No user can answer questions in this mode (a one-shot, non-interactive run).",
          {
            data,
            next: [
              "Proceed with your best judgement: pick the option you would recommend, say which you chose and why in your answer, and do not ask again.",
            ],
          },
        );
      }
      context.onUpdate?.(
        progress({ ...data, status: "waiting_for_input" }, report("waiting_for_input", questions)),
      );
      let answers: AskUserAnswers;
      try {
        answers = await askUser(questions, context.signal, {
          ...(context.toolCallId ? { toolCallId: context.toolCallId } : {}),
        });
      } catch (error) {
        if (context.signal?.aborted)
          return failure("ABORTED", abortedMessage, {
            data,
            next: ["The user stopped this question: wait for their next message."],
          });
        return failure(
          "EXECUTION_ERROR",
          `The question could not be shown to the user: ${(error as Error).message}`,
          {
            data,
            next: ["Proceed with your best judgement and say which option you chose and why."],
          },
        );
      }
      if (context.signal?.aborted)
        return failure("ABORTED", abortedMessage, {
          data,
          next: ["The user stopped this question: wait for their next message."],
        });
      return success(
        { ...data, status: "answered", answers },
        report("answered", questions, answers),
      );
    },
  });
}
