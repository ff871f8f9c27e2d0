export type { SessionContext } from "./context.js";
export { buildContextFromPath } from "./context.js";
export type {
  BranchSummaryEntry,
  CompactionDetails,
  CompactionEntry,
  CustomEntry,
  LabelEntry,
  LeafEntry,
  MessageEntry,
  ModelChangeEntry,
  SessionEntry,
  SessionHeader,
  SessionTreeNode,
  ThinkingLevelChangeEntry,
  TreeEntry,
  UnknownEntry,
} from "./entries.js";
export { CURRENT_SESSION_VERSION, isTreeEntry } from "./entries.js";
export type {
  Result,
  SessionErrorCode,
  SessionStoreError,
  SessionWarning,
  SessionWriteFailure,
  WarningListener,
} from "./errors.js";
export type { FindSessionOptions } from "./find.js";
export { looksLikePath, resolveSessionPath } from "./find.js";
export type { ListSessionsOptions, SessionInfo } from "./list.js";
export { listAllSessions, listSessions, newestSession, readSessionInfo } from "./list.js";
export type { RawSessionFile } from "./migrate.js";
export { migrateSessionFile } from "./migrate.js";
export type { SessionLocationOptions } from "./paths.js";
export {
  encodeCwd,
  sessionDirFor,
  sessionFileName,
  sessionsRoot,
} from "./paths.js";
export type { SessionStats } from "./stats.js";
export type {
  BranchOptions,
  CompactionInput,
  CreateSessionOptions,
  FsyncPolicy,
  OpenSessionOptions,
  SessionStoreOptions,
} from "./store.js";
export { SessionStore } from "./store.js";
