import type { AgentHooks, ToolCallDecision } from "@gong/agent-core";
import type { ToolConfirmation } from "../hooks/command-hooks.js";
import { type ConfirmedCalls, confirmCall } from "./confirm-call.js";

/** The confirmBash policy, whose patterns a settings reload replaces. */
export interface BashConfirmation extends AgentHooks {
  setPatterns(patterns: readonly string[] | undefined): void;
}

export interface BashConfirmationOptions {
  /** How the app asks its user; without it (print and json mode) a matching call is denied. */
  confirm: ToolConfirmation | undefined;
  confirmed: ConfirmedCalls;
  warn: (message: string) => void;
}

/**
 * A pattern and what it matches. A pattern that does not compile matches every command:
 * a typo in a guard asks too often rather than never (STYLE "Security paths fail closed").
 */
interface CompiledPattern {
  source: string;
  test: (command: string) => boolean;
}

function compile(patterns: readonly string[], warn: (message: string) => void): CompiledPattern[] {
  return patterns.map((source) => {
    try {
      const regex = new RegExp(source);
      return { source, test: (command) => regex.test(command) };
    } catch (error) {
      warn(
        `settings confirmBash: /${source}/ is not a regular expression (${(error as Error).message}); every bash command needs confirmation until it is fixed`,
      );
      return { source, test: () => true };
    }
  });
}

/**
 * Settings `confirmBash`: a bash call whose command matches one of the patterns (regexes,
 * case-sensitive, anywhere in the command) is put to the user like a hook's `ask`. An
 * "always" answer allows that pattern for the rest of the session.
 */
export function createBashConfirmation(
  patterns: readonly string[] | undefined,
  options: BashConfirmationOptions,
): BashConfirmation {
  let compiled = compile(patterns ?? [], options.warn);
  // Longer than the question's own limit, so its answer (and reason) comes first: the
  // agent's timeout would block the call with a reason that names no pattern.
  const timeoutMs = (options.confirm?.timeoutMs ?? 0) + 1000;
  return {
    name: "confirm-bash",
    timeoutMs,
    setPatterns(next) {
      compiled = compile(next ?? [], options.warn);
    },
    async beforeToolCall(toolName, params, info): Promise<ToolCallDecision> {
      if (toolName !== "bash" || compiled.length === 0) return "ok";
      const command = typeof params.command === "string" ? params.command : "";
      const match = compiled.find((pattern) => pattern.test(command));
      if (!match) return "ok";
      const reason = `the command matches confirmBash pattern /${match.source}/`;
      const block = await confirmCall(
        options.confirm,
        { toolName, toolCallId: info.toolCallId, input: params, reason },
        { confirmed: options.confirmed, key: `bash\0pattern\0${match.source}` },
      );
      // The user's answer (or their settings, with no one to ask): no hook name before it.
      return block ? { block, byUser: true } : "ok";
    },
  };
}
