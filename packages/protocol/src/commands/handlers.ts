/**
 * What each command does: a thin mapping onto `@gong/runtime`'s `SessionHost` and
 * `CodingSession`. A handler returns the response's `data`; a thrown error becomes
 * that command's error response (the session keeps going).
 */
import path from "node:path";
import {
  BUSY_MESSAGE,
  queuedMessageText,
  type SessionHost,
  type SwitchResult,
} from "@gong/runtime";
import type { CommandType } from "./command-set.js";
import type { Handler, HandlerContext } from "./handler-context.js";
import { PAGE_HANDLERS } from "./page-handlers.js";

/** The busy rule in the runtime's words, and how this protocol steers or queues a prompt. */
const BUSY_PROMPT = `${BUSY_MESSAGE} To deliver the message into the run, send it with "streamingBehavior": "steer" or "followUp".`;

export const HANDLERS: { [T in CommandType]: Handler<T> } = {
  ...PAGE_HANDLERS,
  prompt(command, { host, reportRunEnd }) {
    const session = host.current;
    if (session.isStreaming) {
      if (command.streamingBehavior === "steer") session.steer(command.message);
      else if (command.streamingBehavior === "followUp") session.followUp(command.message);
      else throw new Error(BUSY_PROMPT);
      return { delivered: command.streamingBehavior };
    }
    // Answered once the run has started; its progress and end arrive as events.
    const options = command.limits ? { limits: command.limits } : {};
    void session.prompt(command.message, command.images ?? [], options).then(reportRunEnd);
    return { delivered: "prompt" };
  },
  steer(command, { host }) {
    host.current.steer(command.message);
  },
  follow_up(command, { host }) {
    host.current.followUp(command.message);
  },
  async abort(_command, { host, runningBash }) {
    const dropped = host.current.abort();
    for (const controller of runningBash) controller.abort();
    // Background jobs too: "stop" in an editor means everything the agent started.
    await host.current.processes.stop();
    // Queued messages are not sent after an abort; the client learns which were dropped.
    return {
      dropped: {
        steering: dropped.steering.map(queuedMessageText),
        followUp: dropped.followUp.map(queuedMessageText),
      },
    };
  },
  get_state(_command, { host }) {
    const session = host.current;
    const model = session.models.current;
    const queued = session.queuedMessages;
    return {
      model: {
        provider: model.provider,
        id: model.id,
        name: model.name,
        contextWindow: model.contextWindow,
      },
      thinkingLevel: session.models.thinkingLevel,
      isStreaming: session.isStreaming,
      sessionId: session.file.header.id,
      sessionFile: session.file.path ?? null,
      messageCount: session.messages.length,
      pendingMessageCount: queued.steering.length + queued.followUp.length,
      pendingMessages: { steering: queued.steering.length, followUp: queued.followUp.length },
      autoCompaction: session.compaction.auto,
      mcpServers: session.mcp.servers,
      lsp: session.lsp.servers,
      settingsFiles: session.config.settingsFiles,
      sandbox: session.config.sandbox,
      mode: session.mode.current,
    };
  },
  get_shells(_command, { host }) {
    return { shells: host.current.processes.backgroundShells?.list() ?? [] };
  },
  get_shell_output(command, { host }) {
    const shells = host.current.processes.backgroundShells;
    const shell = shells?.get(command.shellId);
    if (!shells || !shell) throw new Error(unknownShell(host, command.shellId));
    return { shell, output: shells.recentOutput(command.shellId) ?? "" };
  },
  async kill_shell(command, { host }) {
    const shell = await host.current.processes.backgroundShells?.kill(command.shellId, "user");
    if (!shell) throw new Error(unknownShell(host, command.shellId));
    return { shell };
  },
  get_messages(_command, { host }) {
    const session = host.current;
    const messages = session.messages;
    return {
      messages,
      entryIds: messages.map((message) => session.tree.entryIdOf(message) ?? null),
    };
  },
  set_model(command, { host }) {
    const switched = host.current.models.switch(command.provider, command.modelId);
    if (!switched.ok) throw new Error(switched.error);
    const { provider, id, name } = switched.model;
    return { provider, id, name };
  },
  async get_commands(_command, { host }) {
    const commands = await host.current.config.promptCommands();
    return { commands: commands.map(({ file: _file, ...command }) => command) };
  },
  get_available_models(_command, { host }) {
    return { models: host.current.models.available() };
  },
  set_thinking_level(command, { host }) {
    host.current.models.setThinkingLevel(command.level);
  },
  async compact(command, { host }) {
    const result = await host.current.compaction.compact(command.customInstructions);
    if (!result.ok) throw new Error(result.message);
    const { summary, tokensBefore, tokensAfter, summarised, shortened } = result.result;
    // What went: messages the summary replaced, kept tool results cut to fit (issue 34.5).
    return { summary, tokensBefore, tokensAfter, summarised, shortened };
  },
  set_auto_compaction(command, { host }) {
    host.current.compaction.setAuto(command.enabled);
  },
  set_mode(command, { host }) {
    host.current.mode.set(command.mode);
    return { mode: host.current.mode.current };
  },
  async new_session(command, context) {
    const worktree = command.worktree === undefined ? {} : { worktree: command.worktree };
    return switched(await context.host.newSession(worktree), context);
  },
  async switch_session(command, context) {
    return switched(await context.host.switchTo(command.sessionPath), context);
  },
  async fork(command, context) {
    return switched(await context.host.fork(command.entryId), context);
  },
  get_session_stats(_command, { host }) {
    const session = host.current;
    const { session: totals, metrics } = session.file.stats();
    return {
      sessionId: session.file.header.id,
      sessionFile: session.file.path ?? null,
      messages: totals.messages,
      toolCalls: totals.toolCalls,
      tokens: totals.tokens,
      cost: totals.cost,
      compactions: totals.compactions,
      // Per model, subagents included (their part also apart): the same rows as /usage.
      models: totals.models,
      contextWindow: session.models.current.contextWindow,
      tools: metrics.tools,
    };
  },
  async export_html(command, { host, cwd }) {
    const written = await host.current.file.exportHtml(
      command.outputPath === undefined ? undefined : path.resolve(cwd, command.outputPath),
      {
        // An existing file is replaced only when the client says so.
        overwrite: command.overwrite === true,
        // No mkdir -p: Node 20's recursive mkdirSync can spin forever on some paths (a
        // file where a folder is expected), which would freeze the whole server.
        createFolders: false,
      },
    );
    if (!written.ok) throw new Error(written.error);
    return { path: written.path };
  },
  async bash(command, { host, runningBash }) {
    const controller = new AbortController();
    runningBash.add(controller);
    try {
      const { result } = await host.current.runBash(command.command, controller.signal);
      return { result };
    } finally {
      runningBash.delete(controller);
    }
  },
  async get_checkpoints(_command, { host }) {
    const listed = await host.current.checkpoints.list();
    if (!listed.ok) throw new Error(listed.error);
    return listed.value;
  },
  async rewind(command, { host }) {
    const session = host.current;
    const planned = await session.checkpoints.plan(command.entryId, command.restore ?? "both");
    if (!planned.ok) throw new Error(`${planned.error} (get_checkpoints lists the entries)`);
    const { files, text, notes } = planned.value;
    if (command.dryRun) return { files, ...(text !== undefined ? { text } : {}), notes };
    const done = await session.checkpoints.rewind(planned.value);
    if (!done.ok) throw new Error(done.error);
    return { ...done.value, ...(text !== undefined ? { text } : {}), notes };
  },
  extension_ui_response(command, { uiRequests }) {
    const { confirmed, always, feedback, answers } = command;
    uiRequests.answer(command.requestId, { confirmed, always, feedback, answers });
  },
};

function switched(result: SwitchResult, context: HandlerContext) {
  if (!result.ok) throw new Error(result.error);
  context.announceSession(result.session);
  const { worktree } = result;
  return {
    sessionId: result.session.file.header.id,
    sessionFile: result.session.file.path ?? null,
    ...(worktree
      ? { worktree: { name: worktree.name, branch: worktree.branch, path: worktree.path } }
      : {}),
  };
}

function unknownShell(host: SessionHost, id: string): string {
  const shells = host.current.processes.backgroundShells;
  return shells ? shells.unknownIdMessage(id) : `No background shell ${id}: this session has none.`;
}
