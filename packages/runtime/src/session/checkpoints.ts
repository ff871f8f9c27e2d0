/**
 * `session.checkpoints`: the prompts (and rewinds) a rewind can go back to, with the
 * files each would change, and the rewind itself (`/rewind`, RPC `get_checkpoints` and
 * `rewind`, `gong --rewind`). The snapshots are @gong/checkpoints'; the conversation
 * goes back by a move in the session's tree (`session.tree.moveTo`).
 */
import { BUSY_MESSAGE } from "@gong/agent-core";
import type {
  CheckpointList,
  RewindOutcome,
  RewindPlan,
  RewindRestore,
  SessionCheckpoints,
} from "@gong/checkpoints";
import type { SessionTree } from "./tree.js";

export interface CheckpointsParts {
  checkpoints: SessionCheckpoints;
  tree: SessionTree;
  /** A run is in progress: no rewind now. */
  busy: () => boolean;
}

export class Checkpoints {
  constructor(private readonly parts: CheckpointsParts) {}

  /**
   * The prompts (and rewinds) a rewind can go back to, with the files each would change;
   * an error when this session takes none (checkpoints off, or the home folder: `none`)
   * or the store cannot be written now.
   */
  async list(): Promise<
    { ok: true; value: CheckpointList } | { ok: false; error: string; none?: true }
  > {
    const refusal = this.parts.checkpoints.refusal;
    if (refusal !== undefined) return { ok: false, error: refusal, none: true };
    return this.parts.checkpoints.list();
  }

  /** What `rewind(plan)` for `entryId` and `restore` would change, changing nothing. */
  async plan(
    entryId: string,
    restore: RewindRestore,
  ): Promise<{ ok: true; value: RewindPlan } | { ok: false; error: string }> {
    if (this.parts.busy()) return { ok: false, error: BUSY_MESSAGE };
    return this.parts.checkpoints.plan(entryId, restore);
  }

  /**
   * Puts the files (`code`), the conversation (the leaf goes to before the prompt) or both
   * back as they were before the plan's prompt; first records a checkpoint of how things
   * are, so rewinding to it undoes this. Refused while a run is in progress.
   */
  async rewind(
    plan: RewindPlan,
  ): Promise<{ ok: true; value: RewindOutcome } | { ok: false; error: string }> {
    if (this.parts.busy()) return { ok: false, error: BUSY_MESSAGE };
    return this.parts.checkpoints.rewind(plan, (leafId) => this.parts.tree.moveTo(leafId));
  }
}
