import type { AgentEvent } from "@gong/agent-core";
import { addUsage, emptyUsageTotals, type UsageTotals } from "@gong/llm";

/**
 * The limits of one run (`gong --max-turns`, `--max-budget-usd`, settings `limits`, RPC
 * `prompt {limits}`): a turn is one model call of the session's own agent; the budget is
 * in dollars from the models' prices and counts the subagents' calls too.
 */
export interface RunLimits {
  maxTurns?: number;
  maxBudgetUsd?: number;
}

/** Which limit stopped a run (`run_end.reason`). */
export type LimitReason = "max_turns" | "max_budget";

/** What one run used: every model call's tokens and dollars (subagents' included). */
export interface RunTotals {
  /** Model calls of the session's own agent. */
  turns: number;
  usage: UsageTotals;
  costUsd: number;
}

/**
 * Counts a run's model calls and their cost as the events come, and answers the agent's
 * question before each call (`stopBeforeModelCall`): a call is refused once the turns
 * are used up or the dollars spent reach the budget, so no call starts past a limit.
 */
export class RunTally {
  private limits: RunLimits = {};
  private turns = 0;
  private usage = emptyUsageTotals();
  private stoppedBy: LimitReason | undefined;

  /** A new run: counts from zero under `limits`. */
  begin(limits: RunLimits): void {
    this.limits = limits;
    this.turns = 0;
    this.usage = emptyUsageTotals();
    this.stoppedBy = undefined;
  }

  /** An event of the session's agent (`subagent` false) or of one of its subagents. */
  count(event: AgentEvent, subagent: boolean): void {
    if (event.type !== "message_end" || event.message.role !== "assistant") return;
    if (!subagent) this.turns++;
    addUsage(this.usage, event.message.usage);
  }

  /** The agent's `stopBeforeModelCall` (subagents ask it too: the budget is shared). */
  readonly stopBeforeModelCall = (): string | undefined => {
    const reason = this.reached();
    if (reason) this.stoppedBy = reason;
    return reason;
  };

  /** For a subagent: only the budget stops it; its turns are its own (`subagents.maxTurns`). */
  readonly stopSubagentBeforeModelCall = (): string | undefined => {
    const reason = this.reached();
    if (reason !== "max_budget") return undefined;
    this.stoppedBy = reason;
    return reason;
  };

  private reached(): LimitReason | undefined {
    const { maxTurns, maxBudgetUsd } = this.limits;
    if (maxTurns !== undefined && this.turns >= maxTurns) return "max_turns";
    if (maxBudgetUsd !== undefined && this.usage.cost >= maxBudgetUsd) return "max_budget";
    return undefined;
  }

  /** The limit that stopped the run, if one did. */
  get stopped(): LimitReason | undefined {
    return this.stoppedBy;
  }

  /** The limit's sentence for the user: what stopped the run, and how to go on. */
  stopMessage(reason: LimitReason): string {
    const { maxTurns, maxBudgetUsd } = this.limits;
    return reason === "max_turns"
      ? `Stopped at the turn limit (${maxTurns} model call${maxTurns === 1 ? "" : "s"}); the session is saved: continue it with gong -c, or raise --max-turns.`
      : `Stopped at the budget limit ($${maxBudgetUsd}; spent $${this.usage.cost.toFixed(4)}); the session is saved: continue it with gong -c, or raise --max-budget-usd.`;
  }

  totals(): RunTotals {
    return { turns: this.turns, usage: { ...this.usage }, costUsd: this.usage.cost };
  }
}

/** The limits in effect: each one given for the run wins over the settings' one. */
export function effectiveLimits(
  settings: RunLimits | undefined,
  given: RunLimits | undefined,
): RunLimits {
  return { ...settings, ...stripUndefined(given ?? {}) };
}

function stripUndefined(limits: RunLimits): RunLimits {
  const out: RunLimits = {};
  if (limits.maxTurns !== undefined) out.maxTurns = limits.maxTurns;
  if (limits.maxBudgetUsd !== undefined) out.maxBudgetUsd = limits.maxBudgetUsd;
  return out;
}
