/**
 * How the session asks the user about one tool call: the permission policy (rules,
 * confirmBash, modes, plan mode) and a PreToolUse hook that answers "ask" both go
 * through it; each app supplies one (a terminal dialog, an RPC request, `--yes`).
 */
/** A tool call the policy or a hook wants the user to confirm. */
export interface ToolConfirmationRequest {
  /** Gong's tool name (`bash`, `edit`, …). */
  toolName: string;
  /** The model's id for this call (an editor shows the question beside the call). */
  toolCallId: string;
  /** The call's arguments, as the model gave them. */
  input: unknown;
  /** The hook's `permissionDecisionReason`, or a line naming the hook. */
  reason: string;
  /**
   * The rule an "always for this project" answer saves (`Bash(npm test:*)`), shown with
   * that choice; absent where it is not offered (a folder that is not trusted).
   */
  projectRule?: string;
}

/** The user's answer: "always" for the rest of the session, "always-project" also saves `projectRule`. */
export type ConfirmationAnswer = boolean | "always" | "always-project" | ConfirmationRefusal;

/**
 * A no that says why: a PermissionRequest hook's deny, or no one to ask (print mode).
 * The session's own asker answers it (@gong/hooks permission-asker.ts); an app's dialog
 * answers with the others.
 */
export interface ConfirmationRefusal {
  refused: string;
}

export interface ToolConfirmation {
  /**
   * True allows the call; "always" allows it and, for the rest of the session, the same
   * tool with the same input (a mode's question: the call's rule, `Bash(npm test:*)`);
   * "always-project" also saves `request.projectRule` for the project; false, a throw or
   * a rejection blocks it.
   */
  ask(request: ToolConfirmationRequest): Promise<ConfirmationAnswer>;
  /**
   * No answer within this time blocks the call. Part of the hook's own time budget, so
   * the agent's hook timeout (which would block every call, naming no command) never
   * fires first.
   */
  timeoutMs: number;
  /**
   * Answers without a person (`--yes`): nobody waits for it, so no Notification hook
   * runs for its questions.
   */
  automatic?: boolean;
}
