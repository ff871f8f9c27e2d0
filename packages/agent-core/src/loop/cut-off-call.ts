import type { ToolResponse } from "@gong/base";
import type { AssistantMessage, ToolCall } from "@gong/llm";
import { failure } from "@gong/tools";

/**
 * Whether the output limit may have cut `call` short. Its arguments are then not what
 * the model meant, and repairing them with partial JSON is how a cut-off `write`
 * replaced a 3-line file with "PARTIAL" (test/item7-cut-off-tool-calls.test.ts): such a call is answered, never run.
 * After a `length` stop even a call whose JSON closed may miss fields that never came.
 */
export function isCutOff(call: ToolCall, message: Pick<AssistantMessage, "stopReason">): boolean {
  return message.stopReason === "length" || call.incompleteArguments !== undefined;
}

/** Per tool, the way to send the same work in pieces that fit. */
const SMALLER_STEPS: Record<string, string> = {
  write:
    "Write the file in smaller steps: write the first part, then add the rest with edit calls.",
  edit: "Make the change in smaller edits, one region at a time.",
  bash: "Use a shorter command; put a long script into a file with several smaller writes first.",
};

/** The error the model gets instead of running a cut-off call. */
export function cutOffEnvelope(call: ToolCall): ToolResponse {
  return failure(
    "INVALID_PARAM",
    `The ${call.name} call was not run: the output limit (max tokens) cut its arguments off before they were complete.`,
    {
      next: [
        SMALLER_STEPS[call.name] ?? "Split the work into several calls with shorter arguments.",
      ],
      data: { cut_off: true },
    },
  );
}
