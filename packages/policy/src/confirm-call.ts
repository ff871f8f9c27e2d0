import type { ToolConfirmation, ToolConfirmationRequest } from "./tool-confirmation.js";

/**
 * What a tool call that needs the user's yes gets when no one can be asked (print and
 * json mode): the model reads it as the call's result, the user in the transcript.
 */
export const NO_CONFIRMATION_REASON = "denied: needs confirmation; run interactively or pass --yes";

/** The reason a call that needs the user's yes is refused where no one can be asked. */
export function noConfirmationReason(request: ToolConfirmationRequest): string {
  return `${NO_CONFIRMATION_REASON} (${request.reason})`;
}

/**
 * The calls the user answered "always" for in this session, by a key naming what was
 * allowed (the tool and the exact input), and
 * the session's permission rules (session-permissions.ts): a `Set<string>`
 * is enough where no rules apply.
 */
export interface ConfirmedCalls {
  has(key: string): boolean;
  add(key: string): unknown;
  /** A `permissions.allow` rule covers the call: it runs without a question. */
  allows?(request: ToolConfirmationRequest): boolean;
  /** The rule an "always for this project" answer saves; undefined: not offered. */
  projectRule?(request: ToolConfirmationRequest): string | undefined;
  /** Saves that rule for the project (a failure is the session's warning, not the call's). */
  rememberForProject?(rule: string): Promise<void>;
  /** The user already said yes to this very call (another check asked): not asked twice. */
  confirmedCall?(toolCallId: string): boolean;
  noteConfirmedCall?(toolCallId: string): void;
  /** A PreToolUse hook answered `allow` for this call: the mode does not ask about it. */
  noteHookAllowed?(toolCallId: string): void;
}

/**
 * Asks the user about a call; undefined allows it, else the block reason. A call an
 * allow rule or an earlier "always" covers is not asked about; an "always" answer is
 * remembered under `key` (and "always for this project" saves the request's
 * `projectRule`). A failed or late answer is a no (STYLE: security paths fail closed);
 * without `confirm` the call is blocked with `NO_CONFIRMATION_REASON`.
 */
export async function confirmCall(
  confirm: ToolConfirmation | undefined,
  request: ToolConfirmationRequest,
  remembered: { confirmed: ConfirmedCalls; key: string },
): Promise<string | undefined> {
  const { confirmed, key } = remembered;
  if (confirmed.has(key) || confirmed.allows?.(request)) return undefined;
  if (confirmed.confirmedCall?.(request.toolCallId)) return undefined;
  if (!confirm) return noConfirmationReason(request);
  const projectRule = confirmed.projectRule?.(request);
  const asked = projectRule ? { ...request, projectRule } : request;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), confirm.timeoutMs);
  });
  try {
    const answer = await Promise.race([confirm.ask(asked).catch(() => false), late]);
    // "Always in this project" saves the exact call's rule, which covers it from now on;
    // remembering `key` too would let the guard's whole pattern (every `rm`) pass.
    if (answer === "always-project" && projectRule && confirmed.rememberForProject)
      await confirmed.rememberForProject(projectRule);
    else if (answer === "always" || answer === "always-project") confirmed.add(key);
    if (answer === true || answer === "always" || answer === "always-project") {
      confirmed.noteConfirmedCall?.(request.toolCallId);
      return undefined;
    }
    if (typeof answer === "object") return answer.refused;
    if (answer === "timeout")
      return `the user did not confirm within ${Math.round(confirm.timeoutMs / 1000)} s: ${request.reason}`;
    return `the user denied this call: ${request.reason}`;
  } finally {
    clearTimeout(timer);
  }
}
