/**
 * The ACP permission gate: before a tool that changes files or runs commands, the
 * client is asked (`session/request_permission`: allow once, always allow this tool,
 * reject). In `readonly` mode those tools are refused outright. A hook's
 * `permissionDecision: "ask"` goes through the same question. No answer within the
 * timeout, a cancelled request or a failed one is a rejection (fail closed).
 */
import type { AgentContext, PermissionOption } from "@agentclientprotocol/sdk";
import type { AgentHooks, ToolCallDecision, ToolConfirmation } from "@gong/runtime";
import { toolDiffs, toolKind, toolLocations, toolTitle } from "./tool-calls.js";

export type SessionModeId = "default" | "readonly";

/** What the gate asks about: the tools that write files or run commands. */
const GATED_TOOLS = new Set(["write", "edit", "bash"]);

const OPTIONS: PermissionOption[] = [
  { optionId: "allow_once", name: "Allow", kind: "allow_once" },
  { optionId: "allow_always", name: "Always allow this tool", kind: "allow_always" },
  { optionId: "reject_once", name: "Reject", kind: "reject_once" },
];

export interface PermissionGateOptions {
  sessionId: () => string;
  cwd: string;
  client: AgentContext;
  mode: () => SessionModeId;
  timeoutMs: number;
}

export class PermissionGate {
  private readonly alwaysAllowed = new Set<string>();
  /** Calls the user already allowed when a hook asked: not asked about twice. */
  private readonly allowedCalls = new Set<string>();

  constructor(private readonly options: PermissionGateOptions) {}

  /** The in-process hook the session runs every tool call through. */
  get hook(): AgentHooks {
    return {
      name: "acp-permissions",
      // Longer than the question's own timeout: a hook that times out is skipped,
      // which would let the call through.
      timeoutMs: this.options.timeoutMs + 1000,
      beforeToolCall: (toolName, params, info) => this.decide(toolName, params, info.toolCallId),
    };
  }

  /** The session's `confirmToolCall`: a hook's `ask`, put to the client. */
  get confirmation(): ToolConfirmation {
    return {
      ask: async (request) => {
        const args = asArgs(request.input);
        const answer = await this.ask(request.toolName, args, request.toolCallId, request.reason);
        if (answer === "reject") return false;
        if (answer === "allow_always") this.alwaysAllowed.add(request.toolName);
        this.allowedCalls.add(request.toolCallId);
        return true;
      },
      timeoutMs: this.options.timeoutMs,
    };
  }

  private async decide(
    toolName: string,
    params: Record<string, unknown>,
    toolCallId: string,
  ): Promise<ToolCallDecision> {
    if (!GATED_TOOLS.has(toolName)) return "ok";
    if (this.options.mode() === "readonly")
      return {
        block: `${toolName} is not available in readonly mode; switch the session to default mode to change files or run commands.`,
      };
    if (this.alwaysAllowed.has(toolName) || this.allowedCalls.delete(toolCallId)) return "ok";
    const answer = await this.ask(toolName, params, toolCallId);
    if (answer === "allow_always") this.alwaysAllowed.add(toolName);
    return answer === "reject" ? { block: "The user rejected this tool call." } : "ok";
  }

  private async ask(
    toolName: string,
    args: Record<string, unknown>,
    toolCallId: string,
    reason?: string,
  ): Promise<"allow_once" | "allow_always" | "reject"> {
    const { client, cwd } = this.options;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const response = await client.request(
        "session/request_permission",
        {
          sessionId: this.options.sessionId(),
          toolCall: {
            toolCallId,
            title: reason ? `${toolTitle(toolName, args)} (${reason})` : toolTitle(toolName, args),
            kind: toolKind(toolName),
            status: "pending",
            locations: toolLocations(args, cwd),
            content: toolDiffs(toolName, args, cwd),
            rawInput: args,
          },
          options: OPTIONS,
        },
        { cancellationSignal: controller.signal, stopWaitingOnCancel: true },
      );
      const outcome = response.outcome;
      if (outcome.outcome !== "selected") return "reject";
      if (outcome.optionId === "allow_once" || outcome.optionId === "allow_always")
        return outcome.optionId;
      return "reject";
    } catch {
      return "reject";
    } finally {
      clearTimeout(timer);
    }
  }
}

function asArgs(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}
