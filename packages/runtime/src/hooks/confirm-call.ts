import type { ToolConfirmation, ToolConfirmationRequest } from "./command-hooks.js";

/**
 * What a tool call that needs the user's yes gets when no one can be asked (print and
 * json mode): the model reads it as the call's result, the user in the transcript.
 */
export const NO_CONFIRMATION_REASON = "denied: needs confirmation; run interactively or pass --yes";

/**
 * The calls the user answered "always" for in this session, by a key naming what was
 * allowed (the tool and the confirmBash pattern, or the tool and the exact input).
 */
export type ConfirmedCalls = Set<string>;

/**
 * Asks the user about a call; undefined allows it, else the block reason. An "always"
 * answer is remembered under `key`, and a remembered key is not asked again. A failed
 * or late answer is a no (STYLE: security paths fail closed); without `confirm` the
 * call is blocked with `NO_CONFIRMATION_REASON`.
 */
export async function confirmCall(
  confirm: ToolConfirmation | undefined,
  request: ToolConfirmationRequest,
  remembered: { confirmed: ConfirmedCalls; key: string },
): Promise<string | undefined> {
  if (remembered.confirmed.has(remembered.key)) return undefined;
  if (!confirm) return `${NO_CONFIRMATION_REASON} (${request.reason})`;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), confirm.timeoutMs);
  });
  try {
    const answer = await Promise.race([confirm.ask(request).catch(() => false), late]);
    if (answer === "always") remembered.confirmed.add(remembered.key);
    if (answer === true || answer === "always") return undefined;
    if (answer === "timeout")
      return `the user did not confirm within ${Math.round(confirm.timeoutMs / 1000)} s: ${request.reason}`;
    return `the user denied this call: ${request.reason}`;
  } finally {
    clearTimeout(timer);
  }
}
