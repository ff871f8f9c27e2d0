import type { ToolResponse } from "@gong/base";
import { failure, success, type Tool, type ToolExecutionContext } from "@gong/tools";
import { type Static, Type } from "@sinclair/typebox";
import { Limiter } from "./limiter.js";
import { runSubagent, type SubagentHost, type SubagentOutcome } from "./run-subagent.js";
import { SubagentProgress } from "./subagent-progress.js";
import { type SubagentType, TASK_TOOL_NAME } from "./subagent-types.js";
import { runInTaskWorktree } from "./task-worktree.js";

export const DEFAULT_MAX_PARALLEL = 4;

export interface TaskToolOptions {
  host: SubagentHost;
  /** Every type there is: the built-in ones, then the agent files' (subagent-types.ts `allTypes`). */
  types: readonly SubagentType[];
  /**
   * Offer only read-only subagents (plan mode): `explore`, and the agent files, which
   * then get only the parent's read-only tools; `general` is not offered.
   */
  readOnlyOnly?: boolean;
}

const taskParameters = Type.Object({
  description: Type.String({
    minLength: 1,
    description: "A short (3-5 words) description of the task, shown to the user.",
  }),
  prompt: Type.String({
    minLength: 1,
    description:
      "The whole task for the subagent: it sees nothing of this conversation, so say what to do, where, and what to report.",
  }),
  subagent_type: Type.Optional(
    Type.String({ description: "Which kind of subagent runs it (see the list above)." }),
  ),
  isolation: Type.Optional(
    Type.Literal("worktree", {
      description:
        '"worktree": the subagent works in a git worktree of its own on a new branch, so parallel subagents that edit files never collide; the result names the branch that holds its changes.',
    }),
  ),
});

/**
 * The `task` tool: runs a subagent with a fresh context and returns its final answer.
 * Its calls in one message run side by side (`concurrent`), at most
 * `subagents.maxParallel` at a time, their results in the model's order.
 */
export function createTaskTool(options: TaskToolOptions): Tool {
  const types = offeredTypes(options);
  const fallback = options.readOnlyOnly ? "explore" : "general";
  const limiter = new Limiter(
    () => options.host.settings().subagents?.maxParallel ?? DEFAULT_MAX_PARALLEL,
  );
  return {
    name: TASK_TOOL_NAME,
    label: "Task",
    concurrent: true,
    description: taskDescription(types, fallback),
    parameters: taskParameters,
    async execute(params: Static<typeof taskParameters>, context: ToolExecutionContext) {
      const name = params.subagent_type ?? fallback;
      const type = types.find((candidate) => candidate.name === name);
      if (!type) {
        return failure("INVALID_PARAM", `Unknown subagent_type "${name}".`, {
          next: [`Call task again with one of: ${types.map((t) => t.name).join(", ")}.`],
        });
      }
      const release = await limiter.acquire(context.signal);
      if (!release) return abortedEnvelope(type, undefined);
      try {
        if (params.isolation === "worktree") {
          return await runInTaskWorktree(options.host, params.description, (host) =>
            runTask(host, type, params, context),
          );
        }
        return await runTask(options.host, type, params, context);
      } finally {
        release();
      }
    },
  };
}

async function runTask(
  host: SubagentHost,
  type: SubagentType,
  params: Static<typeof taskParameters>,
  context: ToolExecutionContext,
): Promise<ToolResponse> {
  const toolCallId = context.toolCallId ?? `task-${Date.now()}`;
  const live = new SubagentProgress(type.name, params.description, context.onUpdate);
  try {
    const outcome = await runSubagent(host, {
      type,
      prompt: params.prompt,
      toolCallId,
      signal: context.signal,
      traceSpan: context.traceSpan,
      onEvent: (event) => live.onEvent(event),
    });
    return outcomeEnvelope(type, outcome);
  } finally {
    live.stop();
  }
}

function offeredTypes({ types, readOnlyOnly }: TaskToolOptions): SubagentType[] {
  if (!readOnlyOnly) return [...types];
  return types
    .filter((type) => type.name !== "general")
    .map((type) => ({ ...type, readOnly: true }));
}

function taskDescription(types: readonly SubagentType[], fallback: string): string {
  const list = types.map((type) => `- ${type.name}: ${type.description}`).join("\n");
  return [
    "Run a subagent on a task with a fresh context: it works with its own tools and gives back only its final report, so your context stays small.",
    "Use it for searches across many files, for reading large outputs, and for independent pieces of work.",
    "Several task calls in one message run in parallel. The subagent knows nothing of this conversation: put everything it needs in the prompt.",
    'Parallel subagents that edit files should take isolation: "worktree" (each works on a git branch of its own).',
    `subagent_type (default ${fallback}):\n${list}`,
  ].join("\n");
}

function outcomeData(type: SubagentType, outcome: SubagentOutcome) {
  return {
    subagent_type: type.name,
    summary: summaryOf(outcome.answer),
    turns: outcome.turns,
    tool_calls: outcome.toolCalls,
    usage: outcome.usage,
    model: outcome.model ?? null,
    transcript: outcome.transcript ?? null,
  };
}

/** The first line of the answer, for a UI's collapsed block. */
function summaryOf(answer: string): string {
  const first = answer.split("\n").find((line) => line.trim() !== "") ?? "";
  return first.length > 200 ? `${first.slice(0, 199)}…` : first.trim();
}

function transcriptLine(outcome: SubagentOutcome): string {
  return outcome.transcript
    ? `Transcript: ${outcome.transcript}`
    : "Transcript: not saved (this session is not saved).";
}

function outcomeEnvelope(type: SubagentType, outcome: SubagentOutcome): ToolResponse {
  const data = outcomeData(type, outcome);
  const stats = { turns: outcome.turns, tool_calls: outcome.toolCalls };
  if (outcome.ending === "ok")
    return success(data, `${outcome.answer}\n\n${transcriptLine(outcome)}`, { stats });
  if (outcome.ending === "aborted") return abortedEnvelope(type, outcome);
  const next =
    outcome.ending === "max_turns"
      ? "Split the task into smaller tasks, or read the transcript and go on from where it stopped."
      : "Read the transcript to see what went wrong, then do the task yourself or call task again with a clearer prompt.";
  const partialAnswer = outcome.answer ? `\n\nIts last answer:\n${outcome.answer}` : "";
  return failure("EXECUTION_ERROR", `Subagent ${type.name} failed: ${outcome.error}.`, {
    data,
    stats,
    textPrefix: `${transcriptLine(outcome)}${partialAnswer}`,
    next: [next],
  });
}

function abortedEnvelope(type: SubagentType, outcome: SubagentOutcome | undefined): ToolResponse {
  return failure("ABORTED", `Subagent ${type.name} was stopped.`, {
    ...(outcome ? { data: outcomeData(type, outcome), textPrefix: transcriptLine(outcome) } : {}),
    next: ["The run was stopped: wait for the user's next message before starting the task again."],
  });
}
