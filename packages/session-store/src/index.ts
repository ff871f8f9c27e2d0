export type { SessionContext } from "./context.js";
export type {
  BranchSummaryEntry,
  CheckpointEntry,
  CompactionDetails,
  CompactionEntry,
  CustomEntry,
  LabelEntry,
  LeafEntry,
  MessageEntry,
  ModelChangeEntry,
  SessionEntry,
  SessionHeader,
  SessionInfoEntry,
  SessionTreeNode,
  ThinkingLevelChangeEntry,
  TreeEntry,
  UnknownEntry,
} from "./entries.js";
export type {
  Result,
  SessionErrorCode,
  SessionStoreError,
  SessionWarning,
  SessionWriteFailure,
} from "./errors.js";
export { looksLikePath, resolveSessionPath } from "./find.js";
export { resolveSessionRef } from "./find-by-name.js";
export type { SessionInfo } from "./list.js";
export { listAllSessions, listSessions, newestSession, readSessionInfo } from "./list.js";
export { migrateSessionFile } from "./migrate.js";
export { encodeCwd, sessionDirFor, sessionsRoot } from "./paths.js";
export type { SessionStats } from "./stats.js";
export type { CreateSessionOptions, OpenSessionOptions } from "./store.js";
export { SessionStore } from "./store.js";
