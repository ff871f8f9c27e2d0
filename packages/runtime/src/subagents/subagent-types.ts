/**
 * The kinds of subagent the task tool can start: two built in, the rest from Markdown
 * agent files (@gong/settings agents/agent-files.ts `AgentFile`). A type says what the subagent is told and which of the
 * parent's tools it gets; it never gets more than the parent has, and never `task`.
 */
export const TASK_TOOL_NAME = "task";

export interface SubagentType {
  name: string;
  /** What the task tool's description says about it, so the model can choose. */
  description: string;
  /** Replaces the base system prompt (an agent file's body); context files stay in. */
  systemPrompt?: string;
  /** Added after the base prompt (the built-in types' instructions). */
  appendPrompt?: string;
  /** Exactly these of the parent's tools; undefined: all of them. */
  tools?: readonly string[];
  /** Never these (an agent file's `disallowedTools`), whatever `tools` says. */
  disallowedTools?: readonly string[];
  /** Only the parent's read-only tools (`explore`). */
  readOnly: boolean;
  /** `provider/id` or an id of the parent's provider; undefined: the parent's model. */
  model?: string;
  /** The file it came from (agent files only). */
  file?: string;
}

/** Every subagent is told how its answer is used: it is all the parent gets back. */
const REPORT =
  "You are a subagent: another agent gave you this task, and your final message is the only thing it receives. " +
  "Do the task with your tools, then end with one self-contained report.";

export const BUILT_IN_TYPES: readonly SubagentType[] = [
  {
    name: "general",
    description:
      "A general-purpose agent with the same tools as you (except task): for multi-step work that would fill your context.",
    appendPrompt: REPORT,
    readOnly: false,
  },
  {
    name: "explore",
    description:
      "A read-only agent for searching and reading code: it reports findings with file paths and line numbers.",
    appendPrompt: `${REPORT}\nYou explore code with read-only tools. Report your findings concisely: file paths with line numbers (path:line), the facts asked for, no speculation and no long quotes.`,
    readOnly: true,
  },
];

/** Agent files' types after the built-in ones; a file cannot replace a built-in type. */
export function allTypes(files: readonly SubagentType[]): SubagentType[] {
  const builtIn = new Set(BUILT_IN_TYPES.map((type) => type.name));
  return [...BUILT_IN_TYPES, ...files.filter((type) => !builtIn.has(type.name))];
}
