/**
 * ask_user over ACP: each question becomes a `session/request_permission` whose options
 * are the question's answers (ACP has no question dialog; every editor has this one).
 * The questions go one at a time; a multiSelect question takes one choice, as the
 * dialog picks one option. A dismissed dialog leaves that question unanswered; no answer
 * within the timeout is an error the tool turns into "go on with your best judgement";
 * cancelling the run withdraws the open dialog (`$/cancel_request`).
 */
import type { AgentContext, PermissionOption } from "@agentclientprotocol/sdk";
import type { AskUserAnswers, AskUserHandler, AskUserQuestion } from "@gong/runtime";

export interface AcpAskUserOptions {
  sessionId: () => string;
  client: AgentContext;
  timeoutMs: number;
}

export function acpAskUser(options: AcpAskUserOptions): AskUserHandler {
  return async (questions, signal, call) => {
    const answers: AskUserAnswers = {};
    for (const question of questions) {
      const answer = await askOne(options, question, signal, call.toolCallId ?? "ask_user");
      if (answer !== undefined) answers[question.question] = answer;
    }
    return answers;
  };
}

async function askOne(
  { sessionId, client, timeoutMs }: AcpAskUserOptions,
  question: AskUserQuestion,
  signal: AbortSignal | undefined,
  toolCallId: string,
): Promise<string | undefined> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const options: PermissionOption[] = question.options.map((option, index) => ({
    optionId: `answer-${index}`,
    name: option.description ? `${option.label}: ${option.description}` : option.label,
    kind: "allow_once",
  }));
  try {
    const response = await client.request(
      "session/request_permission",
      {
        sessionId: sessionId(),
        toolCall: {
          toolCallId,
          title: `${question.header}: ${question.question}`,
          kind: "other",
          status: "pending",
          rawInput: question,
        },
        options,
      },
      {
        cancellationSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        stopWaitingOnCancel: true,
      },
    );
    const outcome = response.outcome;
    if (outcome.outcome !== "selected") return undefined;
    const index = options.findIndex((option) => option.optionId === outcome.optionId);
    return question.options[index]?.label;
  } catch (error) {
    if (signal?.aborted) throw new Error("the question was cancelled");
    if (timeout.aborted) throw new Error(`the user did not answer within ${timeoutMs / 1000} s`);
    throw error;
  }
}
