import { existsSync } from "node:fs";
import path from "node:path";
import type { Agent } from "@gong/agent-core";
import type { CommandHooks } from "@gong/hooks";
import type { ApiKeyResolver } from "@gong/llm";
import { SessionStore } from "@gong/session-store";
import { agentFolders, loadAgentFiles, type Settings } from "@gong/settings";
import type { Tool } from "@gong/tools";
import type { ObservationTruncator } from "@gong/truncate";
import type { SubagentHost } from "../subagents/run-subagent.js";
import type { SubagentEvents } from "../subagents/subagent-events.js";
import { allTypes } from "../subagents/subagent-types.js";
import { createTaskTool } from "../subagents/task-tool.js";
import type { SessionInputs } from "./session-inputs.js";

/** What exists only once the session's agent is built: read when a task runs. */
export interface TaskToolLateParts {
  agent?: Agent;
  /** The settings applied last (settings-reloader.ts); until then the opening's. */
  settings?: () => Settings;
  /** The session's command hooks: a subagent runs their subagent form (SubagentStart/Stop). */
  commandHooks?: CommandHooks;
}

export interface SessionTaskToolParts {
  inputs: SessionInputs;
  /** The parent's session file: the transcripts go beside it. */
  store: Pick<SessionStore, "path" | "cwd">;
  apiKeys: ApiKeyResolver;
  /** The session's: a subagent's hints never name task, since it has none (per call). */
  truncator: ObservationTruncator | undefined;
  events: SubagentEvents;
  late: TaskToolLateParts;
  /** The parent run's budget, which the subagents' model calls spend too. */
  stopBeforeModelCall?: () => string | undefined;
}

/** The session's task tool, and the one plan mode offers (read-only subagent types only). */
export interface SessionTaskTools {
  tool: Tool;
  readOnly: Tool;
}

/**
 * The session's `task` tool: the agent files are read once, at the start (each invalid
 * one is one warning); a task uses the parent agent as it is when the call runs.
 */
export function sessionTaskTools(parts: SessionTaskToolParts): SessionTaskTools {
  const { inputs, late } = parts;
  const folders = agentFolders({
    cwd: inputs.cwd,
    gongHome: inputs.where.gongHome,
    env: inputs.env,
  });
  // Said with the commands' and skills' (create-session.ts): one line per session.
  const unknown = inputs.unknownTools;
  const types = allTypes(loadAgentFiles(folders, inputs.warn, (names) => unknown.add(names)));
  const host: SubagentHost = {
    cwd: inputs.cwd,
    parent: () => {
      if (!late.agent) throw new Error("the task tool ran before the session's agent was built");
      return late.agent.state;
    },
    // As they are now: a settings reload may have added or removed hook modules.
    hooks: (subagent) =>
      (late.agent?.activeHooks ?? []).map((hook) =>
        hook === late.commandHooks ? late.commandHooks.forSubagent(subagent) : hook,
      ),
    truncator: parts.truncator,
    settings: () => late.settings?.() ?? inputs.loaded.settings,
    apiKeys: parts.apiKeys,
    registry: inputs.registry,
    contextFiles: () => inputs.resources.discover().contextFiles,
    openTranscript: (toolCallId) => openTranscript(parts, toolCallId),
    events: parts.events,
    warn: inputs.warn,
    ...(parts.stopBeforeModelCall ? { stopBeforeModelCall: parts.stopBeforeModelCall } : {}),
  };
  return {
    tool: createTaskTool({ host, types }),
    readOnly: createTaskTool({ host, types, readOnlyOnly: true }),
  };
}

/**
 * `<sessions>/subagents/<parent file name>/<tool call id>.jsonl`: a folder the session
 * listings and `-c` never look into, so resuming finds the parent, not a transcript.
 */
function openTranscript(parts: SessionTaskToolParts, toolCallId: string): SessionStore {
  const parent = parts.store.path;
  const { cwd, warn, where } = parts.inputs;
  if (!parent) return SessionStore.inMemory({ cwd });
  const folder = path.join(path.dirname(parent), "subagents", path.basename(parent, ".jsonl"));
  const stem = toolCallId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 80) || "task";
  let file = path.join(folder, `${stem}.jsonl`);
  for (let n = 2; existsSync(file); n++) file = path.join(folder, `${stem}-${n}.jsonl`);
  const created = SessionStore.create({
    cwd,
    gongHome: where.gongHome,
    env: where.env,
    path: file,
    parentSession: parent,
    parentToolCallId: toolCallId,
    onWarning: (warning) => warn(warning.message),
  });
  if (created.ok) return created.value;
  warn(`${created.error.message}; the subagent's transcript is kept in memory only`);
  return SessionStore.inMemory({ cwd });
}
