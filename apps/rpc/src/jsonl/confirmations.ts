/**
 * `extension_ui_request` / `extension_ui_response`: a PreToolUse hook answered
 * `permissionDecision: "ask"`, so the client is asked to confirm the call. No answer
 * within the timeout is a no (agent-core enforces that too; the entry is dropped here).
 */
import type { ToolConfirmation, ToolConfirmationRequest } from "@gong/runtime";

export interface ConfirmationRequestLine {
  type: "extension_ui_request";
  id: string;
  method: "confirm";
  title: string;
  message: string;
  toolName: string;
  toolCallId: string;
  input: unknown;
  timeoutMs: number;
}

export class Confirmations {
  private readonly pending = new Map<string, (confirmed: boolean) => void>();
  private next = 1;

  constructor(
    private readonly send: (line: ConfirmationRequestLine) => void,
    private readonly timeoutMs: number,
  ) {}

  /** The session's `confirmToolCall` option. */
  get confirmation(): ToolConfirmation {
    return { ask: (request) => this.ask(request), timeoutMs: this.timeoutMs };
  }

  /** The client's answer; false when no question with that id is open. */
  answer(id: string, confirmed: boolean): boolean {
    const resolve = this.pending.get(id);
    if (!resolve) return false;
    resolve(confirmed);
    return true;
  }

  /** Shutting down: every open question is a no. */
  denyAll(): void {
    for (const resolve of [...this.pending.values()]) resolve(false);
  }

  private ask(request: ToolConfirmationRequest): Promise<boolean> {
    const id = `confirm-${this.next++}`;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), this.timeoutMs);
      const settle = (confirmed: boolean) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(confirmed);
      };
      this.pending.set(id, settle);
      this.send({
        type: "extension_ui_request",
        id,
        method: "confirm",
        title: `Allow ${request.toolName}?`,
        message: request.reason,
        toolName: request.toolName,
        toolCallId: request.toolCallId,
        input: request.input,
        timeoutMs: this.timeoutMs,
      });
    });
  }
}
