/**
 * The schema of the settings `hooks` key (Claude Code's format, test/hooks/command-hooks.test.ts), checked
 * by `validateConfig` of @gong/config-files like every other configuration file, so a hook that
 * cannot run (no command, an unknown event or type) is one warning with its position.
 */
import { FormatRegistry, Type } from "@sinclair/typebox";

/**
 * A matcher compiles as a regex over tool names, or is Claude Code's `*`. An invalid one
 * is dropped with a warning, which leaves the group matching every tool: a guard written
 * with a typo then fires too often rather than never (STYLE "fail closed").
 */
FormatRegistry.Set("tool-matcher", (value) => {
  if (value === "*") return true;
  try {
    new RegExp(`^(?:${value})$`, "i");
    return true;
  } catch {
    return false;
  }
});

const CommandHookSchema = Type.Object(
  {
    type: Type.Literal("command"),
    command: Type.String({ minLength: 1, expected: "a non-empty shell command" }),
    /** Seconds. */
    timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  },
  { additionalProperties: false },
);

const MatcherGroupSchema = Type.Object(
  {
    matcher: Type.Optional(
      Type.String({
        format: "tool-matcher",
        expected: 'a regular expression over tool names, or "*"',
      }),
    ),
    hooks: Type.Array(CommandHookSchema),
  },
  { additionalProperties: false },
);

/** `{ "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", ... }] }], ... }`. */
export const CommandHooksSchema = Type.Object(
  {
    PreToolUse: Type.Optional(Type.Array(MatcherGroupSchema)),
    PostToolUse: Type.Optional(Type.Array(MatcherGroupSchema)),
    UserPromptSubmit: Type.Optional(Type.Array(MatcherGroupSchema)),
    SessionStart: Type.Optional(Type.Array(MatcherGroupSchema)),
    Stop: Type.Optional(Type.Array(MatcherGroupSchema)),
    PreCompact: Type.Optional(Type.Array(MatcherGroupSchema)),
    SessionEnd: Type.Optional(Type.Array(MatcherGroupSchema)),
    SubagentStart: Type.Optional(Type.Array(MatcherGroupSchema)),
    SubagentStop: Type.Optional(Type.Array(MatcherGroupSchema)),
    Notification: Type.Optional(Type.Array(MatcherGroupSchema)),
    PermissionRequest: Type.Optional(Type.Array(MatcherGroupSchema)),
    PostToolUseFailure: Type.Optional(Type.Array(MatcherGroupSchema)),
  },
  { additionalProperties: false },
);
