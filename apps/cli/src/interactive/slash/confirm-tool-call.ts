import type { ToolConfirmation } from "@gong/runtime";
import type { InteractiveUi } from "../contract.js";
import { oneLine } from "./preview.js";

/** Unanswered this long, the call is denied (someone who walked away approves nothing). */
const CONFIRM_TIMEOUT_MS = 10 * 60 * 1000;

type Answer = boolean | "always";

/**
 * The interactive mode's `confirmToolCall`: a call that settings `confirmBash` or a
 * hook's `ask` holds is put to the user as a three-way picker — yes, yes for the rest of
 * this session, no. Esc is a no.
 */
export function confirmWithUi(ui: () => InteractiveUi): ToolConfirmation {
  return {
    timeoutMs: CONFIRM_TIMEOUT_MS,
    async ask(request) {
      const command =
        request.toolName === "bash" &&
        isRecord(request.input) &&
        typeof request.input.command === "string"
          ? request.input.command
          : JSON.stringify(request.input);
      const picked = await ui().pick<Answer>({
        title: `Allow ${request.toolName}: ${oneLine(command, ui().width - 20)}? (${request.reason})`,
        items: [
          { value: true, label: "Yes" },
          {
            value: "always",
            label: "Yes, and don't ask again this session",
            detail: "same tool and pattern",
          },
          { value: false, label: "No", detail: "the model is told you declined" },
        ],
      });
      return picked?.value ?? false;
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
