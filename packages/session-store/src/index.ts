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
  ShortenedMessage,
  ThinkingLevelChangeEntry,
  TreeEntry,
  UnknownEntry,
} from "./entries.js";
export { isTreeEntry } from "./entries.js";
export type {
  Result,
  SessionErrorCode,
  SessionStoreError,
  SessionWarning,
  SessionWriteFailure,
} from "./errors.js";
export { entryNotFound } from "./errors.js";
export { looksLikePath, resolveSessionPath } from "./find.js";
export { resolveSessionRef } from "./find-by-name.js";
export type { SessionInfo } from "./list.js";
export { listAllSessions, listSessions, newestSession, readSessionInfo } from "./list.js";
export { migrateSessionFile } from "./migrate.js";
export { encodeCwd, legacyEncodeCwd, sessionDirFor, sessionsRoot } from "./paths.js";
export type { ModelUsage, SessionStats } from "./stats.js";
export type { CreateSessionOptions, OpenSessionOptions } from "./store.js";
export { SessionStore } from "./store.js";
