export type { FileChange } from "./file-changes.js";
export { type OpenCheckpointsOptions, openSessionCheckpoints } from "./open-checkpoints.js";
export type {
  CheckpointInfo,
  CheckpointList,
  CheckpointSession,
  NewCheckpoint,
  RecordedCheckpoint,
  RewindOutcome,
  RewindPlan,
  RewindRestore,
  SessionCheckpoints,
} from "./session-checkpoints.js";
