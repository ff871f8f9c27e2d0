/**
 * The ACP agent side (`gong-rpc --acp`): `initialize`, `session/new`, `session/load`,
 * `session/prompt`, `session/cancel`, `session/set_mode`, built on the SDK's `agent()`
 * app. The editor's `mcpServers` start for its session beside the configured ones.
 * Each ACP session is a gong `CodingSession` whose id is the session file's id,
 * so `session/load` with that id reopens it from the store.
 */

import {
  type AgentApp,
  type AgentContext,
  agent,
  type FileSystemCapabilities,
  type McpServer,
  methods,
  PROTOCOL_VERSION,
  type PromptRequest,
  type PromptResponse,
  RequestError,
  type SessionModeState,
} from "@agentclientprotocol/sdk";
import { PERMISSION_MODES, type PermissionMode, parsePermissionMode } from "@gong/policy";
import { type CodingSession, type CodingSessionOptions, createCodingSession } from "@gong/runtime";
import type { RpcArgs } from "../args.js";
import { sessionOptions } from "../session-options.js";
import { acpAskUser } from "./ask-user.js";
import { announceCommands } from "./available-commands.js";
import { announceShellExits, bashesArgs, runBashes } from "./background-shells.js";
import { clientFileOperations } from "./file-system.js";
import { editorMcpServers } from "./mcp-servers.js";
import { PermissionGate } from "./permissions.js";
import { acpPlanApproval } from "./plan-approval.js";
import { promptFromBlocks } from "./prompt-content.js";
import { SessionUpdates } from "./session-updates.js";
import { terminalExecOperations } from "./terminal.js";
import { eventUpdates, replayUpdates } from "./updates.js";

interface AcpSession {
  session: CodingSession;
  gate: PermissionGate;
  updates: SessionUpdates;
  /** The editor terminal each bash call runs in, by tool call id. */
  terminals: Map<string, string>;
}

/** The session's permission modes (README "Permissions"); ACP starts in `ask`. */
const MODE_TEXT: Record<PermissionMode, { name: string; description: string }> = {
  ask: {
    name: "Ask",
    description: "Asks before changing files, running commands, MCP tools and web fetches.",
  },
  "accept-edits": {
    name: "Accept edits",
    description: "Edits files in the project without asking; asks before the rest.",
  },
  auto: {
    name: "Auto",
    description: "Runs every tool unless a permission rule, hook or confirmBash asks.",
  },
  plan: {
    name: "Plan",
    description:
      "Reads and searches, then presents a plan; once you approve it, goes on in the mode before.",
  },
};

const MODES: SessionModeState["availableModes"] = PERMISSION_MODES.map((id) => ({
  id,
  ...MODE_TEXT[id],
}));

export class GongAcpAgent {
  private readonly sessions = new Map<string, AcpSession>();
  /** What the client said in `initialize` it can do with files. */
  private clientFs: FileSystemCapabilities | undefined;
  /** Whether the client runs commands in its own terminals (`terminal/*`). */
  private clientTerminal = false;

  constructor(
    private readonly args: RpcArgs,
    private readonly env: NodeJS.ProcessEnv,
    private readonly version: string,
  ) {}

  app(): AgentApp {
    return agent({ name: "gong" })
      .onRequest(methods.agent.initialize, ({ params }) => {
        this.clientFs = params.clientCapabilities?.fs;
        this.clientTerminal = params.clientCapabilities?.terminal === true;
        return {
          protocolVersion: Math.min(params.protocolVersion, PROTOCOL_VERSION),
          agentCapabilities: {
            loadSession: true,
            promptCapabilities: { image: true, embeddedContext: true },
            // @gong/mcp speaks both remote transports (Streamable HTTP and legacy SSE).
            mcpCapabilities: { http: true, sse: true },
          },
          agentInfo: { name: "gong", version: this.version },
          authMethods: [],
        };
      })
      .onRequest(methods.agent.session.new, async ({ params, client }) => {
        const entry = await this.open(params.cwd, { kind: "new" }, params.mcpServers, client);
        announceCommands(entry.session, entry.updates);
        return { sessionId: entry.session.file.header.id, modes: this.modes(entry) };
      })
      .onRequest(methods.agent.session.load, async ({ params, client }) => {
        const entry = await this.open(
          params.cwd,
          { kind: "open", ref: params.sessionId },
          params.mcpServers,
          client,
        );
        const sessionId = entry.session.file.header.id;
        for (const update of replayUpdates(entry.session.messages, entry.session.file.header.cwd)) {
          await client.notify(methods.client.session.update, { sessionId, update });
        }
        announceCommands(entry.session, entry.updates);
        return { modes: this.modes(entry) };
      })
      .onRequest(methods.agent.session.prompt, ({ params }) =>
        this.prompt(params.sessionId, params.prompt),
      )
      .onNotification(methods.agent.session.cancel, async ({ params }) => {
        const entry = this.sessions.get(params.sessionId);
        if (!entry) return;
        entry.gate.withdraw();
        entry.session.abort();
        await entry.session.processes.stop();
      })
      .onRequest(methods.agent.session.setMode, ({ params }) => {
        const entry = this.get(params.sessionId);
        // Claude Code's names (`acceptEdits`, …) are read too; an unknown one is refused.
        const mode = parsePermissionMode(params.modeId);
        if (!mode)
          throw RequestError.invalidParams(
            undefined,
            `unknown mode "${params.modeId}"; modes: ${PERMISSION_MODES.join(", ")}`,
          );
        entry.session.mode.set(mode);
        return {};
      });
  }

  /** `session/prompt`: `/bashes` is answered here; anything else runs the agent. */
  private async prompt(
    sessionId: string,
    blocks: PromptRequest["prompt"],
  ): Promise<PromptResponse> {
    const { session, updates, terminals } = this.get(sessionId);
    const { text, images } = promptFromBlocks(blocks);
    const bashes = bashesArgs(text);
    if (bashes !== undefined) {
      // gong's own command: answered here, never sent to the model.
      const answer = await runBashes(session.processes.backgroundShells, bashes);
      updates.send({
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: answer },
      });
      await updates.flushed();
      return { stopReason: "end_turn" };
    }
    const context = {
      cwd: session.file.header.cwd,
      willAsk: (tool: string, args: Record<string, unknown>) =>
        session.config.permissions?.willAsk(tool, args) ?? false,
      terminalOf: (toolCallId: string) => terminals.get(toolCallId),
    };
    const unsubscribe = session.subscribe((event) => {
      for (const update of eventUpdates(event, context)) updates.send(update);
    });
    try {
      const outcome = await session.prompt(text, images);
      await updates.flushed();
      if (outcome.aborted) return { stopReason: "cancelled" };
      if (!outcome.ok) throw RequestError.internalError(undefined, outcome.errorMessage);
      return {
        stopReason: outcome.lastAssistant?.stopReason === "length" ? "max_tokens" : "end_turn",
      };
    } finally {
      unsubscribe();
    }
  }

  /** Kills every session's process groups at once (an exit that cannot wait for `close`). */
  killProcesses(): void {
    for (const entry of this.sessions.values()) entry.session.processes.killNow();
  }

  /** Closes every session (flushes them, ends their processes, releases the locks). */
  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((entry) => entry.session.close()));
    this.sessions.clear();
  }

  private async open(
    cwd: string,
    choice: NonNullable<CodingSessionOptions["session"]>,
    mcpServers: readonly McpServer[] | undefined,
    client: AgentContext,
  ): Promise<AcpSession> {
    let sessionId = "";
    const updates = new SessionUpdates(client, () => sessionId);
    const gate: PermissionGate = new PermissionGate({
      sessionId: () => sessionId,
      cwd,
      client,
      timeoutMs: this.args.confirmTimeoutMs,
      updates,
    });
    const terminals = new Map<string, string>();
    const entry: Omit<AcpSession, "session"> & { session?: CodingSession } = {
      gate,
      updates,
      terminals,
    };
    const fileOperations = clientFileOperations({
      sessionId: () => sessionId,
      root: cwd,
      client,
      capabilities: this.clientFs,
    });
    const options = sessionOptions({ ...this.args, cwd }, this.env, {
      confirmToolCall: gate.confirmation,
      // An editor shows each question: its sessions ask unless a flag or the settings say otherwise.
      appPermissionMode: "ask",
      askUser: acpAskUser({
        sessionId: () => sessionId,
        client,
        timeoutMs: this.args.confirmTimeoutMs,
      }),
      approvePlan: acpPlanApproval({
        sessionId: () => sessionId,
        client,
        timeoutMs: this.args.confirmTimeoutMs,
        updates,
        onApproved: () => {
          // The runtime goes back to the mode before plan mode.
          const currentModeId = entry.session?.mode.afterPlan ?? "ask";
          updates.send({ sessionUpdate: "current_mode_update", currentModeId });
        },
      }),
      ...(fileOperations ? { fileOperations } : {}),
      ...(this.clientTerminal
        ? {
            execOperations: terminalExecOperations({
              sessionId: () => sessionId,
              client,
              updates,
              terminals,
            }),
          }
        : {}),
      onWarning: warn,
      mcpServers: editorMcpServers(mcpServers),
    });
    const created = await createCodingSession({ ...options, session: choice });
    for (const message of created.warnings) warn(message);
    if (!created.ok) {
      if (created.error.code === "session_not_found" && choice.kind === "open")
        throw RequestError.sessionNotFound(choice.ref);
      throw RequestError.invalidParams(undefined, created.error.message);
    }
    entry.session = created.session;
    sessionId = created.session.file.header.id;
    announceShellExits(created.session.processes.backgroundShells, updates);
    this.sessions.set(sessionId, entry as AcpSession);
    return entry as AcpSession;
  }

  private get(sessionId: string): AcpSession {
    const entry = this.sessions.get(sessionId);
    if (!entry) throw RequestError.sessionNotFound(sessionId);
    return entry;
  }

  private modes(entry: AcpSession): SessionModeState {
    return { currentModeId: entry.session.mode.current, availableModes: MODES };
  }
}

/** Warnings have no ACP message of their own; stderr is the agent's log. */
function warn(message: string): void {
  process.stderr.write(`gong-rpc: warning: ${message}\n`);
}
