/**
 * Claude Code tool names and parameter names mapped to Gong's (test/claude-tool-names.test.ts), so a
 * hook script written for Claude Code (`matcher: "Bash"`, `tool_input.file_path`), an
 * agent's `tools:` / `disallowedTools:` and a command's `allowed-tools:` work unchanged.
 * The one place these names are kept: a Claude Code tool Gong has none of (WebSearch,
 * NotebookEdit) is not here.
 */
const TO_CLAUDE: Record<string, string> = {
  bash: "Bash",
  bash_output: "BashOutput",
  kill_shell: "KillShell",
  read: "Read",
  write: "Write",
  edit: "Edit",
  grep: "Grep",
  find: "Glob",
  ls: "LS",
  todo_write: "TodoWrite",
  web_fetch: "WebFetch",
  ask_user: "AskUserQuestion",
  exit_plan_mode: "ExitPlanMode",
  task: "Task",
  skill: "Skill",
};

/** Claude Code renamed its `Task` tool `Agent`: hooks and agent files may say either. */
const CLAUDE_ALIASES: Record<string, string[]> = {
  edit: ["Edit", "MultiEdit"],
  task: ["Task", "Agent"],
};

export function toClaudeToolName(name: string): string {
  return TO_CLAUDE[name] ?? name;
}

/**
 * Our tool for a Claude Code tool name (`Glob` → `find`, `MultiEdit` → `edit`), any
 * case; a name that is none of Claude Code's comes back unchanged.
 */
export function fromClaudeToolName(name: string): string {
  const lower = name.toLowerCase();
  for (const ours of Object.keys(TO_CLAUDE)) {
    if (namesFor(ours).some((n) => n.toLowerCase() === lower)) return ours;
  }
  return name;
}

/** Whether `name` (ours or Claude Code's, any case) is one of the built-in tools. */
export function isBuiltInToolName(name: string): boolean {
  return Object.hasOwn(TO_CLAUDE, fromClaudeToolName(name));
}

/** The built-in tools by their Claude Code names, for messages that list them. */
export function claudeToolNames(): string[] {
  return Object.values(TO_CLAUDE);
}

/** Names a matcher may use for our tool `name`: ours, Claude Code's, and aliases. */
function namesFor(name: string): string[] {
  return [name, toClaudeToolName(name), ...(CLAUDE_ALIASES[name] ?? [])];
}

/** Matchers are regexes, matched case-insensitively against the whole name. */
export function matchesTool(matcher: string | undefined, name: string): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${matcher})$`, "i");
  } catch {
    // Not a valid regex: Claude Code then compares the text literally.
    return namesFor(name).some((n) => n.toLowerCase() === matcher.toLowerCase());
  }
  return namesFor(name).some((n) => pattern.test(n));
}

// Gong parameter → Claude Code parameter, added beside ours in `tool_input`.
const PARAM_ALIASES: Record<string, Record<string, string>> = {
  read: { path: "file_path" },
  write: { path: "file_path" },
  edit: { path: "file_path", oldText: "old_string", newText: "new_string" },
};

export function toClaudeToolInput(
  name: string,
  params: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const input = { ...params };
  for (const [ours, theirs] of Object.entries(PARAM_ALIASES[name] ?? {})) {
    if (ours in input) input[theirs] = input[ours];
  }
  return input;
}

/** `updatedInput` back to our names: a Claude-named field wins when the hook changed it. */
export function fromClaudeToolInput(
  name: string,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const params = { ...input };
  for (const [ours, theirs] of Object.entries(PARAM_ALIASES[name] ?? {})) {
    if (theirs in params) {
      params[ours] = params[theirs];
      delete params[theirs];
    }
  }
  return params;
}
