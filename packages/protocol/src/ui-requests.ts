/**
 * `extension_ui_request` / `extension_ui_response`: questions gong puts to the client.
 * `confirm`: a PreToolUse hook answered `permissionDecision: "ask"`, so the client
 * confirms the call; no answer within the timeout is a no (agent-core enforces that
 * too); `always: "session" | "project"` with `confirmed: true` remembers the answer (the
 * request's `projectRule` is what "project" saves). `approve_plan`: plan mode's
 * `exit_plan_mode`; `confirmed` approves, `feedback` says what to change; no answer is a
 * no. `ask_user`: the model's ask_user tool; no answer within the timeout is an error
 * that tells the model to go on with its best judgement; an abort withdraws it.
 */
import type {
  ConfirmationAnswer,
  PlanApproval,
  PlanDecision,
  ToolConfirmation,
  ToolConfirmationRequest,
} from "@gong/policy";
import { toolCallSummary } from "@gong/render";
import type { AskUserAnswers, AskUserHandler, AskUserQuestion } from "@gong/runtime";

export type UiRequestLine = { type: "extension_ui_request"; id: string; timeoutMs: number } & (
  | {
      method: "confirm";
      title: string;
      message: string;
      toolName: string;
      toolCallId: string;
      input: unknown;
      /** The rule `always: "project"` saves; absent where it is not offered. */
      projectRule?: string;
    }
  | { method: "approve_plan"; plan: string }
  | { method: "ask_user"; questions: AskUserQuestion[] }
);

/** The fields of an `extension_ui_response` besides `requestId`. */
export interface UiResponse {
  confirmed?: boolean;
  /** With `confirmed: true`: remember the answer for the session or save it for the project. */
  always?: "session" | "project";
  /** With an `approve_plan`'s `confirmed: false`: what to change. */
  feedback?: string;
  answers?: AskUserAnswers;
}

/** Takes the client's answer; returns what is wrong with it, or undefined when taken. */
type Settle = (response: UiResponse) => string | undefined;

export class UiRequests {
  private readonly pending = new Map<string, Settle>();
  private next = 1;

  constructor(
    private readonly send: (line: UiRequestLine) => void,
    private readonly timeoutMs: number,
  ) {}

  /** The session's `confirmToolCall` option. */
  get confirmation(): ToolConfirmation {
    return { ask: (request) => this.confirm(request), timeoutMs: this.timeoutMs };
  }

  /** The session's `approvePlan` option. */
  get approvePlan(): PlanApproval {
    return (plan, signal) => this.approve(plan, signal);
  }

  /** The session's `askUser` option. */
  get askUser(): AskUserHandler {
    return (questions, signal) => this.ask(questions, signal);
  }

  /** The client's answer; throws when no question with that id is open or it does not fit. */
  answer(id: string, response: UiResponse): void {
    const settle = this.pending.get(id);
    if (!settle)
      throw new Error(`no open extension_ui_request with id "${id}" (answered or timed out)`);
    const problem = settle(response);
    if (problem) throw new Error(problem);
  }

  /** Shutting down: every confirmation is a no, every question withdrawn. */
  denyAll(): void {
    for (const settle of [...this.pending.values()]) settle({ confirmed: false, answers: {} });
  }

  private confirm(request: ToolConfirmationRequest): Promise<ConfirmationAnswer> {
    const id = `confirm-${this.next++}`;
    return new Promise<ConfirmationAnswer>((resolve) => {
      const timer = setTimeout(() => settle(false), this.timeoutMs);
      const settle = (answer: ConfirmationAnswer) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(answer);
      };
      this.pending.set(id, ({ confirmed, always }) => {
        if (typeof confirmed !== "boolean")
          return `"confirmed" must be a boolean: ${id} asks to confirm a tool call`;
        if (always !== undefined && always !== "session" && always !== "project")
          return `"always" must be "session" or "project"`;
        if (always === "project" && !request.projectRule)
          return `${id} offers no "project" answer (no projectRule: the folder is not trusted); answer "session" or leave "always" out`;
        const remembered = always === "project" ? "always-project" : "always";
        settle(confirmed && always ? remembered : confirmed);
        return undefined;
      });
      this.send({
        type: "extension_ui_request",
        id,
        method: "confirm",
        // The terminal's question too: the call's name and what it is about.
        title: `Allow ${`${request.toolName} ${toolCallSummary(request.toolName, request.input)}`.trim()}?`,
        message: request.reason,
        toolName: request.toolName,
        toolCallId: request.toolCallId,
        input: request.input,
        ...(request.projectRule ? { projectRule: request.projectRule } : {}),
        timeoutMs: this.timeoutMs,
      });
    });
  }

  private approve(plan: string, signal: AbortSignal | undefined): Promise<PlanDecision> {
    const id = `plan-${this.next++}`;
    return new Promise<PlanDecision>((resolve) => {
      const timer = setTimeout(() => settle({ approved: false }), this.timeoutMs);
      const onAbort = () => settle({ approved: false });
      const settle = (decision: PlanDecision) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.pending.delete(id);
        resolve(decision);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, ({ confirmed, feedback }) => {
        if (typeof confirmed !== "boolean")
          return `"confirmed" must be a boolean: ${id} asks to approve a plan`;
        const said = typeof feedback === "string" && feedback.trim() ? { feedback } : {};
        settle(confirmed ? { approved: true } : { approved: false, ...said });
        return undefined;
      });
      this.send({
        type: "extension_ui_request",
        id,
        method: "approve_plan",
        plan,
        timeoutMs: this.timeoutMs,
      });
    });
  }

  private ask(
    questions: AskUserQuestion[],
    signal: AbortSignal | undefined,
  ): Promise<AskUserAnswers> {
    const id = `ask-${this.next++}`;
    return new Promise<AskUserAnswers>((resolve, reject) => {
      const seconds = this.timeoutMs / 1000;
      const timer = setTimeout(
        () => fail(new Error(`the user did not answer within ${seconds} s`)),
        this.timeoutMs,
      );
      const onAbort = () => fail(new Error("the question was cancelled"));
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.pending.delete(id);
      };
      const fail = (error: Error) => {
        done();
        reject(error);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, ({ answers }) => {
        const problem = answerProblem(answers);
        if (problem) return `"answers" ${problem}: ${id} asks ask_user questions`;
        done();
        resolve(answers as AskUserAnswers);
        return undefined;
      });
      this.send({
        type: "extension_ui_request",
        id,
        method: "ask_user",
        questions,
        timeoutMs: this.timeoutMs,
      });
    });
  }
}

/** `answers` must map question texts to the chosen label(s) or the user's own words. */
function answerProblem(answers: unknown): string | undefined {
  if (typeof answers !== "object" || answers === null || Array.isArray(answers))
    return 'must be an object mapping each question to its answer, e.g. {"Which database?":"Postgres"}';
  const wrong = Object.entries(answers).find(([, value]) => typeof value !== "string");
  return wrong ? `["${wrong[0]}"] must be a string` : undefined;
}
