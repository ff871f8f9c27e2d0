import type { AgentEvent } from "@gong/agent-core";
import type { ToolResponse } from "@gong/base";
import { type SubagentProgressData, subagentProgressLine } from "@gong/render";
import { progress, toolCallSummary } from "@gong/tools";

/** At most one update per this many ms (a tool's own updates come every 200 ms). */
const UPDATE_INTERVAL_MS = 250;
/** While no event comes (one long model call), an update this often keeps the time moving. */
const HEARTBEAT_MS = 1000;

/**
 * The task call's live progress (`tool_execution_update` of the parent's call): the
 * subagent's current tool call, its turns, tool calls and tokens, and the time so far —
 * what the terminal's task block and ACP's `tool_call_update` show.
 */
export class SubagentProgress {
  private readonly started = Date.now();
  /** The latest tool call, as `read src/a.ts`; until the first, what it is doing. */
  private current = "thinking";
  private toolCalls = 0;
  private turns = 0;
  private tokens = 0;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly type: string,
    private readonly description: string,
    private readonly onUpdate: ((partial: ToolResponse) => void) | undefined,
  ) {}

  onEvent(event: AgentEvent): void {
    if (!this.onUpdate || this.stopped) return;
    this.startHeartbeat();
    switch (event.type) {
      case "turn_start":
        this.turns++;
        break;
      case "tool_execution_start":
        this.toolCalls++;
        this.current = `${event.toolName} ${toolCallSummary(event.toolName, event.args)}`.trim();
        break;
      case "message_end":
        if (event.message.role === "assistant") this.tokens += event.message.usage.totalTokens;
        break;
      default:
        return;
    }
    this.schedule();
  }

  /** No update after the call's result. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    this.timer = undefined;
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.onUpdate?.(this.envelope()), HEARTBEAT_MS);
    // Progress alone never keeps the process alive.
    this.heartbeat.unref();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onUpdate?.(this.envelope());
    }, UPDATE_INTERVAL_MS);
  }

  private envelope(): ToolResponse {
    const data: SubagentProgressData = {
      subagent_type: this.type,
      description: this.description,
      current: this.current,
      turns: this.turns,
      tool_calls: this.toolCalls,
      tokens: this.tokens,
      elapsed_ms: Date.now() - this.started,
    };
    return progress(data, subagentProgressLine(data));
  }
}
