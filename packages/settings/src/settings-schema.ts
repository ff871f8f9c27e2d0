/**
 * The schema of settings.json (user and project), checked by `validateConfig` of
 * @gong/llm: a wrong type, an unknown key or a value out of range drops that key with a
 * warning naming its line and column; the rest of the file still applies.
 */

import { CommandHooksSchema } from "@gong/hooks";
import { THINKING_LEVELS } from "@gong/llm";
import { LanguageServerSettingsSchema } from "@gong/lsp";
import { McpServersSchema } from "@gong/mcp";
import { OUTPUT_LEVELS, SANDBOX_MODES, TOOL_NAMES, TOOL_PRESETS } from "@gong/tools";
import { type TLiteral, Type } from "@sinclair/typebox";
import { NOTIFICATION_SETTINGS } from "./settings-types.js";

const oneOf = (values: readonly string[]) =>
  Type.Union(values.map((value): TLiteral<string> => Type.Literal(value)));

const OutputLevel = oneOf(OUTPUT_LEVELS);
const Tokens = Type.Integer({ minimum: 0 });

export const SettingsSchema = Type.Object(
  {
    /** Editors' JSON schema hint; accepted so such a file loads without a warning. */
    $schema: Type.Optional(Type.String()),
    defaultProvider: Type.Optional(Type.String({ minLength: 1 })),
    defaultModel: Type.Optional(Type.String({ minLength: 1 })),
    defaultThinkingLevel: Type.Optional(oneOf(THINKING_LEVELS)),
    preset: Type.Optional(oneOf(Object.keys(TOOL_PRESETS))),
    tools: Type.Optional(Type.Array(oneOf(TOOL_NAMES))),
    allowedPaths: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    outputLevel: Type.Optional(OutputLevel),
    toolOutputLevels: Type.Optional(Type.Record(Type.String(), OutputLevel)),
    autoCompaction: Type.Optional(Type.Boolean()),
    compaction: Type.Optional(
      Type.Object(
        { reserveTokens: Type.Optional(Tokens), keepRecentTokens: Type.Optional(Tokens) },
        { additionalProperties: false },
      ),
    ),
    retry: Type.Optional(
      Type.Object(
        {
          // Bounded so no settings file can turn one prompt into a request storm:
          // at most 11 requests, at least 100 ms apart.
          maxRetries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
          baseDelayMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 60_000 })),
          maxDelayMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 300_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    streamIdleTimeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
    /** A run's limits (session/run-limits.ts); `--max-turns` / `--max-budget-usd` win. */
    limits: Type.Optional(
      Type.Object(
        {
          maxTurns: Type.Optional(Type.Integer({ minimum: 1 })),
          maxBudgetUsd: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
        },
        { additionalProperties: false },
      ),
    ),
    parallelReadOnlyTools: Type.Optional(Type.Boolean()),
    checkpoints: Type.Optional(Type.Boolean()),
    notifications: Type.Optional(oneOf(NOTIFICATION_SETTINGS)),
    shellPath: Type.Optional(Type.String({ minLength: 1 })),
    shellCommandPrefix: Type.Optional(Type.String()),
    maxBackgroundShells: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    passApiKeys: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    sessionDir: Type.Optional(Type.String({ minLength: 1 })),
    trustedFolders: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    hooks: Type.Optional(CommandHooksSchema),
    /** MCP servers by name, in Claude Code's shape (@gong/mcp config/entry.ts). */
    mcpServers: Type.Optional(McpServersSchema),
    /** Language servers by name (@gong/lsp settings-schema.ts). */
    lsp: Type.Optional(LanguageServerSettingsSchema),
    lspDiagnosticsWaitMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 120_000 })),
    /** Variables set for bash, command hooks and the other processes gong starts (session/child-env.ts). */
    env: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String())),
    /** Regexes; a pattern that does not compile makes every bash call ask (confirm-bash.ts). */
    confirmBash: Type.Optional(
      Type.Array(
        Type.String({ minLength: 1, expected: "a regular expression over bash commands" }),
      ),
    ),
    /** Claude Code's rules (`Bash(npm test:*)`); checked by @gong/policy rule-warnings.ts. */
    permissions: Type.Optional(
      Type.Object(
        {
          allow: Type.Optional(Type.Array(Type.String())),
          ask: Type.Optional(Type.Array(Type.String())),
          deny: Type.Optional(Type.Array(Type.String())),
          /** @gong/policy permission-mode.ts; Claude Code's names (`acceptEdits`…) too. */
          defaultMode: Type.Optional(
            Type.String({
              expected:
                "ask, accept-edits, auto, plan (or default, acceptEdits, bypassPermissions)",
            }),
          ),
          /** Folders the tools may touch besides the project, as `allowedPaths`. */
          additionalDirectories: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
        },
        { additionalProperties: false },
      ),
    ),
    /** The task tool's subagents (subagents/task-tool.ts). */
    subagents: Type.Optional(
      Type.Object(
        {
          maxParallel: Type.Optional(Type.Integer({ minimum: 1, maximum: 32 })),
          maxTurns: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        },
        { additionalProperties: false },
      ),
    ),
    webFetch: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          allowedDomains: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
        },
        { additionalProperties: false },
      ),
    ),
    /** bash under bubblewrap; a project's entry may only tighten it (project-sandbox.ts). */
    sandbox: Type.Optional(
      Type.Object(
        {
          mode: Type.Optional(oneOf(SANDBOX_MODES)),
          network: Type.Optional(Type.Boolean()),
          writableRoots: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
