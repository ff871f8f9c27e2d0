import type { AgentEvent, AgentHooks } from "@gong/agent-core";
import type { AssistantMessage, ThinkingLevel } from "@gong/llm";
import type { McpServerEntry } from "@gong/mcp";
import type { PlanApproval, ToolConfirmation } from "@gong/policy";
import type { Settings, ToolPresetName } from "@gong/settings";
import type {
  AskUserHandler,
  ExecOperations,
  FileOperations,
  OutputLevel,
  SandboxMode,
} from "@gong/tools";
import type { SessionMode } from "../plan/plan-mode.js";
import type { LimitReason, RunTotals } from "./run-limits.js";

/** Which session file a run writes to. */
export type SessionChoice =
  /** A new session file for this cwd, in the sessions folder or at `path`. */
  | { kind: "new"; path?: string }
  /** The newest session of this cwd (`-c`); a new one when there is none. */
  | { kind: "continue" }
  /**
   * A session by id prefix or file path (`-r <id>`, `--session <file|id>`); with
   * `createIfMissing`, a path to no file starts a new session there (`--session`).
   */
  | { kind: "open"; ref: string; createIfMissing?: boolean }
  /** Nothing written (`--no-session`). */
  | { kind: "none" };

/**
 * What an app opens a session with: one object, whose required parts each app decides —
 * the folder, the environment its tools and keys come from (never `process.env` behind
 * the app's back) and which session file it writes.
 */
export interface CodingSessionOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Default `$GONG_HOME`, else `~/.gong`. */
  gongHome?: string;
  provider?: string;
  /** A model id or `provider/id`. */
  model?: string;
  apiKey?: string;
  /** The user's own endpoint: the provider's key goes to it, as to `ANTHROPIC_BASE_URL`. */
  baseUrl?: string;
  /**
   * Open even when the model's provider has no key: the first model call fails with the
   * missing-key message instead. For what calls no model (`gong --rewind`) and for editor
   * servers, whose client may let the user pick a provider first.
   */
  allowMissingApiKey?: boolean;
  thinking?: ThinkingLevel;
  /** Tool names (`--tools`); wins over the preset. */
  tools?: string[];
  preset?: ToolPresetName;
  /** Extra roots the tools may touch (`--allow-path`), on top of settings `allowedPaths`. */
  allowPaths?: string[];
  /** MCP config files for this run (`--mcp-config`, `.mcp.json` shape); their servers win by name. */
  mcpConfig?: string[];
  /**
   * Servers the app adds for this session (an editor's ACP `mcpServers`); merged after every
   * configured source, so they win by name.
   */
  mcpServers?: Record<string, McpServerEntry>;
  /**
   * Where nobody can answer a server's elicitation (no `askUser`): accept it with the
   * form's defaults (`--yes`) instead of declining it.
   */
  mcpElicitationDefaults?: boolean;
  outputLevel?: OutputLevel;
  session: SessionChoice;
  /**
   * `false`: no snapshots for `/rewind`, whatever the settings say. For an app that
   * offers no rewind running a session that is not saved (`gong -p --no-session`): no one
   * could ever restore them, and the first one is a git run beside the turn.
   */
  snapshots?: boolean;
  /** Where session files go (`--session-dir`). */
  sessionDir?: string;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** What the final answer must be (`--output-schema`, output-schema.ts): added to the system prompt. */
  outputInstructions?: string;
  /**
   * Whether the project folder is trusted (its `.gong/settings.json` hooks, shellPath,
   * shellCommandPrefix, allowedPaths and `.gong/hooks` modules load). Default: the user
   * settings' `trustedFolders` decide; an app that asked the user itself (RPC, an
   * editor) passes its answer.
   */
  trust?: boolean;
  /** Highest-precedence settings (after the flags above). */
  settings?: Settings;
  /** `--sandbox <mode>`: wins over settings `sandbox.mode` (session-sandbox.ts). */
  sandbox?: SandboxMode;
  /**
   * How the ask_user tool reaches the user (an interactive UI, an editor over RPC).
   * Without it nobody can answer, so the presets leave ask_user out.
   */
  askUser?: AskUserHandler;
  /**
   * Where the tools read and write files (default: the local disk): an editor's buffers
   * over ACP, say. Paths are still checked against the project by the path policy,
   * which resolves them through this backend's `realpath` / `lstat`.
   */
  fileOperations?: FileOperations;
  /**
   * Where the model's bash commands run (default: a local process): an editor's
   * terminal over ACP, say. The result the model reads is bash's own envelope either way.
   */
  execOperations?: ExecOperations;
  /**
   * Problems that did not stop the session (a skipped settings file, a corrupt session
   * line) raised after it opened; those raised while opening are in the result.
   */
  onWarning?: (message: string) => void;
  /**
   * How the app asks its user about a tool call a PreToolUse hook answered
   * `permissionDecision: "ask"` for (an editor's dialog). Without it such a call is
   * blocked: print mode has no one to ask.
   */
  confirmToolCall?: ToolConfirmation;
  /** In-process hooks the app adds to every agent of the session (an editor's permission gate). */
  hooks?: AgentHooks[];
  /** The mode the session starts in (`--permission-mode`); wins over settings `permissions.defaultMode`. */
  permissionMode?: SessionMode;
  /**
   * The app's mode when neither the flag nor the settings name one: `auto` (the CLI and
   * JSONL RPC, the default) or `ask` (ACP, an editor that shows each question).
   */
  appPermissionMode?: SessionMode;
  /**
   * How the user approves a plan in plan mode (`exit_plan_mode`). Without it (print
   * mode) the run ends with the plan (`RunOutcome.plan`) and the mode stays.
   */
  approvePlan?: PlanApproval;
}

/** Why a session could not be opened: one actionable line. */
export interface CodingSessionError {
  code:
    | "no_api_key"
    | "resumed_model_no_key"
    | "unknown_provider"
    | "unknown_model"
    | "unknown_tool"
    | "session_not_found"
    | "session_locked"
    | "prompt_file_not_found"
    | "session_unreadable"
    | "invalid_path"
    | "sandbox_unavailable";
  message: string;
  /** The error came from a flag the user can fix (exit 2 in the CLI). */
  usage: boolean;
  /** `resumed_model_no_key`: the session's model (`provider/id`) that has no key here. */
  model?: string;
}

/** The session or why it could not open; either way the warnings raised while opening. */
export type CreateCodingSessionResult = (
  | { ok: true; session: import("./coding-session.js").CodingSession }
  | { ok: false; error: CodingSessionError }
) & { warnings: string[] };

/** Agent events, plus `warning` for problems found by the runtime itself. */
export type CodingSessionEvent = AgentEvent;

/** How a `run` ended. */
export interface RunOutcome {
  ok: boolean;
  /** The last assistant message of the run, if the model answered at all. */
  lastAssistant?: AssistantMessage;
  /** One actionable line when `ok` is false. */
  errorMessage?: string;
  aborted: boolean;
  /** The plan `exit_plan_mode` presented when no one could approve it: the run ended there. */
  plan?: string;
  /** The limit that stopped the run before another model call (`--max-turns`, `--max-budget-usd`). */
  limit?: LimitReason;
  /** What the run used so far: model calls, tokens, dollars (`run_end`). */
  totals: RunTotals;
}

/** The JSON-mode first line; equal to the session file's header. */
export interface SessionHeaderLine {
  type: "session";
  version: number;
  id: string;
  timestamp: string;
  cwd: string;
}
