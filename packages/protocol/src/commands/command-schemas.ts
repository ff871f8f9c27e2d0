/**
 * The commands of the JSON-lines protocol, described once: one TypeBox schema per
 * command gives the `Command` type, the validation of a line (parse-command.ts) and the
 * Commands table of gong-rpc's docs/rpc.md (apps/rpc/test/commands-doc.test.ts compares
 * the two). `gong web`'s page takes these and its own (page-command-schemas.ts).
 */
import { type AskUserAnswers, SESSION_MODES, THINKING_LEVELS } from "@gong/runtime";
import { type Static, type TProperties, type TUnsafe, Type } from "@sinclair/typebox";

export const CommandIdSchema = Type.Union([Type.String(), Type.Number()]);
export type CommandId = Static<typeof CommandIdSchema>;

/** What the docs table says besides the fields: the response's `data` and examples. */
interface CommandDoc {
  response: string;
  examples: object[];
}

/** A command's schema: its `type`, the optional `id` every command may carry, its fields. */
export function command<T extends string, P extends TProperties>(
  type: T,
  fields: P,
  doc: CommandDoc,
) {
  return Type.Object(
    { type: Type.Literal(type), id: Type.Optional(CommandIdSchema), ...fields },
    { response: doc.response, examples: doc.examples },
  );
}

/** One of these strings; its type is their union. */
function oneOf<const T extends readonly string[]>(values: T): TUnsafe<T[number]> {
  return Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnsafe<T[number]>;
}

const ImageSchema = Type.Object(
  { type: Type.Literal("image"), data: Type.String(), mimeType: Type.String() },
  { title: "image", description: '{"type":"image","data":"<base64>","mimeType":"image/png"}' },
);

/** Every gong-rpc command, in the order the docs list them. */
export const COMMAND_SCHEMAS = [
  command(
    "prompt",
    {
      message: Type.String(),
      images: Type.Optional(
        Type.Array(ImageSchema, { description: `\`[${ImageSchema.description}]\`` }),
      ),
      /** How to deliver the message while a run is in progress; without it, refused. */
      streamingBehavior: Type.Optional(oneOf(["steer", "followUp"])),
      /** This run's limits; each one given wins over settings `limits` (`run_end.reason`). */
      limits: Type.Optional(
        Type.Object(
          {
            maxTurns: Type.Optional(Type.Integer({ minimum: 1 })),
            maxBudgetUsd: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
          },
          {
            additionalProperties: false,
            description: '`{"maxTurns"?: N, "maxBudgetUsd"?: X}`',
          },
        ),
      ),
    },
    {
      response: '`{"delivered":"prompt"|"steer"|"followUp"}`',
      examples: [{ type: "prompt", id: 1, message: "fix the failing test" }],
    },
  ),
  command(
    "steer",
    { message: Type.String() },
    { response: "—", examples: [{ type: "steer", message: "stop, look at b.ts first" }] },
  ),
  command(
    "follow_up",
    { message: Type.String() },
    { response: "—", examples: [{ type: "follow_up", message: "then run the whole suite" }] },
  ),
  command(
    "abort",
    {},
    {
      response:
        "`{dropped {steering,followUp}}` (the texts of the queued messages the abort dropped)",
      examples: [{ type: "abort" }],
    },
  ),
  command(
    "get_state",
    {},
    {
      response:
        "`model {provider,id,name,contextWindow}`, `thinkingLevel`, `isStreaming`, `sessionId`, `sessionFile` (null with `--no-session`), `messageCount`, `pendingMessageCount`, `pendingMessages {steering,followUp}`, `autoCompaction`, `mcpServers [{name,status,tools,error?}]` (status `connecting`, `connected`, `failed` or `disabled`; `tools` offered to the model; `error` why it failed), `lsp [{name,command,state,root?,pid?,error?}]` (the language servers: state `running`, `starting`, `failed`, `not-found` or `stopped`; one row per language and project root once started), `settingsFiles` (the settings files read, Claude Code's `.claude/settings*.json` too, lowest precedence first), `sandbox {mode,network}` (bash's sandbox, `--sandbox`), `mode` (`default` or `plan`)",
      examples: [{ type: "get_state" }],
    },
  ),
  command(
    "get_messages",
    {},
    {
      response:
        "`messages` (the model context), `entryIds` (each message's session entry, for `fork`)",
      examples: [{ type: "get_messages" }],
    },
  ),
  command(
    "set_model",
    { provider: Type.String(), modelId: Type.String() },
    {
      response: "`{provider,id,name}`",
      examples: [{ type: "set_model", provider: "openai", modelId: "gpt-4o-mini" }],
    },
  ),
  command(
    "get_available_models",
    {},
    {
      response: "`models [{provider,id,name,contextWindow,maxTokens,cost,hasKey}]`",
      examples: [{ type: "get_available_models" }],
    },
  ),
  command(
    "set_thinking_level",
    { level: oneOf(THINKING_LEVELS) },
    { response: "—", examples: [{ type: "set_thinking_level", level: "high" }] },
  ),
  command(
    "compact",
    { customInstructions: Type.Optional(Type.String()) },
    {
      response:
        "`{summary,tokensBefore,tokensAfter,summarised,shortened}` (`summarised`: messages the summary replaced; `shortened`: kept tool results cut so the context fits)",
      examples: [{ type: "compact", customInstructions: "keep the API decisions" }],
    },
  ),
  command(
    "set_auto_compaction",
    { enabled: Type.Boolean() },
    { response: "—", examples: [{ type: "set_auto_compaction", enabled: false }] },
  ),
  command(
    "set_mode",
    { mode: oneOf(SESSION_MODES) },
    {
      response:
        "`{mode}`; `ask` asks before file changes, bash, MCP tools and web_fetch, `accept-edits` lets edits in the project run, `auto` asks nothing for the mode's sake, `plan` offers only reading tools and `exit_plan_mode` from the next model call",
      examples: [
        { type: "set_mode", mode: "plan" },
        { type: "set_mode", mode: "ask" },
      ],
    },
  ),
  command(
    "new_session",
    {
      worktree: Type.Optional(
        Type.Union([Type.String({ minLength: 1 }), Type.Literal(true)], {
          description:
            "run it in the git worktree .gong/worktrees/<name> on branch gong/<name> (true: a new name); left, its changes are committed there",
        }),
      ),
    },
    {
      response: "`{sessionId,sessionFile,worktree?}` (`worktree`: `{name,branch,path}`)",
      examples: [{ type: "new_session" }, { type: "new_session", worktree: "fix-login" }],
    },
  ),
  command(
    "switch_session",
    { sessionPath: Type.String({ description: "file or id prefix" }) },
    {
      response: "`{sessionId,sessionFile}`",
      examples: [{ type: "switch_session", sessionPath: "0f6c" }],
    },
  ),
  command(
    "fork",
    { entryId: Type.String({ description: "from `get_messages`" }) },
    { response: "`{sessionId,sessionFile}`", examples: [{ type: "fork", entryId: "a1b2c3d4" }] },
  ),
  command(
    "get_session_stats",
    {},
    {
      response:
        "`sessionId`, `sessionFile`, `messages {user,assistant,toolResult,total}`, `toolCalls`, `tokens {input,output,cacheRead,cacheWrite,total}`, `cost` (dollars), `compactions`, `models` (the same totals per `provider/id` model: `input, output, cacheRead, cacheWrite, totalTokens, cost, answers, subagents {runs, totalTokens, cost}` — a subagent's spending under the model it ran on, also shown apart), `contextWindow` (of the current model), `tools` (per-tool metrics of this process)",
      examples: [{ type: "get_session_stats" }],
    },
  ),
  command(
    "export_html",
    {
      outputPath: Type.Optional(
        Type.String({ description: "default `gong-session-<id>.html` in the project" }),
      ),
      overwrite: Type.Optional(
        Type.Boolean({
          description:
            "replace a file already there; without it the command fails with `<path> already exists; …` and the file is kept",
        }),
      ),
    },
    {
      response: "`{path}`",
      examples: [{ type: "export_html", outputPath: "session.html", overwrite: true }],
    },
  ),
  command(
    "bash",
    { command: Type.String() },
    {
      response: "`{result}` (the bash envelope)",
      examples: [{ type: "bash", command: "npm test" }],
    },
  ),
  command(
    "get_checkpoints",
    {},
    {
      response:
        '`{checkpoints: [{entryId, kind: "prompt"|"rewind", text, timestamp, files, filesByOthers}], storeBytes}` — the prompts (and rewinds) `rewind` can go back to, oldest first; `files`: what a code rewind there changes now; `filesByOthers`: how many of those were changed since by something other than this session\'s tools (by hand, another session); `storeBytes`: the store\'s disk use',
      examples: [{ type: "get_checkpoints" }],
    },
  ),
  command(
    "rewind",
    {
      entryId: Type.String({ description: "a checkpoint's `entryId` from `get_checkpoints`" }),
      restore: Type.Optional(oneOf(["code", "conversation", "both"] as const)),
      dryRun: Type.Optional(
        Type.Boolean({ description: "only answer what would change (show it before asking)" }),
      ),
    },
    {
      response:
        '`{files: [{path, pathBytes?, action: "restore"|"remove"|"recreate", added?, removed?, byOthers?}], notRestored?, notRestoredReason?, text?, notes, undoId?}` — `byOthers`: the file was changed since by something other than this session\'s tools, and the rewind undoes that too (show it with `dryRun` and ask first); `pathBytes`: the name\'s bytes (base64) when it is not UTF-8; `notRestored`: files that could not be put back, with why; `text`: the prompt, for the editor; `undoId`: rewinding to it undoes this',
      examples: [
        { type: "rewind", entryId: "a1b2c3d4", dryRun: true },
        { type: "rewind", entryId: "a1b2c3d4", restore: "both" },
      ],
    },
  ),
  command(
    "extension_ui_response",
    {
      requestId: Type.String({ description: "the request's `id`" }),
      confirmed: Type.Optional(
        Type.Boolean({ description: "the answer to a `confirm` or an `approve_plan`" }),
      ),
      always: Type.Optional(
        Type.Union([Type.Literal("session"), Type.Literal("project")], {
          description:
            'with `confirmed: true` on a `confirm`: `"session"` allows the same call for the rest of the session, `"project"` also saves the request\'s `projectRule` in `.gong/settings.local.json`',
        }),
      ),
      feedback: Type.Optional(
        Type.String({
          description: "with `confirmed: false` on an `approve_plan`: what to change",
        }),
      ),
      // Checked against the request it answers (ui-requests.ts): any object here.
      answers: Type.Optional(
        Type.Unsafe<AskUserAnswers>(
          Type.Object(
            {},
            {
              description:
                'the answers to an `ask_user`: question text → chosen label(s) joined with `", "`, or the user\'s own words; a question left out is unanswered',
            },
          ),
        ),
      ),
    },
    {
      response: "—",
      examples: [
        { type: "extension_ui_response", requestId: "confirm-1", confirmed: true },
        {
          type: "extension_ui_response",
          requestId: "confirm-2",
          confirmed: true,
          always: "project",
        },
        {
          type: "extension_ui_response",
          requestId: "plan-3",
          confirmed: false,
          feedback: "keep the old API",
        },
        {
          type: "extension_ui_response",
          requestId: "ask-2",
          answers: { "Which database?": "Postgres" },
        },
      ],
    },
  ),
  command(
    "get_shells",
    {},
    {
      response:
        "`shells [{id,command,status,startedAt,exitCode,signal,outputBytes,logPath?,killedBy?}]`: bash's `run_in_background` shells, ended ones too (status `running`, `exited` or `killed`; `killedBy` `model` or `user`)",
      examples: [{ type: "get_shells" }],
    },
  ),
  command(
    "get_shell_output",
    { shellId: Type.String({ description: "a shell's `id` of `get_shells`" }) },
    {
      response:
        "`{shell, output}`: the shell as in `get_shells`, and the last 8 KB of its output (what the model has not read stays unread)",
      examples: [{ type: "get_shell_output", shellId: "bash_1" }],
    },
  ),
  command(
    "kill_shell",
    { shellId: Type.String({ description: "a shell's `id` of `get_shells`" }) },
    {
      response:
        "`{shell}` once it has ended (TERM to its process group, KILL after a grace); the model is told at its next turn",
      examples: [{ type: "kill_shell", shellId: "bash_1" }],
    },
  ),
  command(
    "get_commands",
    {},
    {
      response:
        "`commands [{name,description,argumentHint?,source}]`: the prompt commands a `prompt` of `/name args` runs (`source` `user`, `project` or `mcp`)",
      examples: [{ type: "get_commands" }],
    },
  ),
] as const;
