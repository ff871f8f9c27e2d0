/**
 * A session's checkpoints, opened with the session: the project's shadow git store, or
 * file backups of write and edit targets when git is not installed.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { homeDir } from "@gong/base";
import type { SessionStore } from "@gong/session-store";
import { FileBackupStore } from "./backup-store.js";
import { GitOrBackupStore } from "./git-or-backups.js";
import { cleanEndedSessions, noteSession } from "./retention.js";
import {
  type NewCheckpoint,
  type RecordedCheckpoint,
  SessionCheckpoints,
} from "./session-checkpoints.js";
import { checkpointStoreDir, ShadowGitStore } from "./shadow-store.js";
import type { SnapshotStore } from "./snapshot-store.js";

export interface OpenCheckpointsOptions {
  gongHome: string;
  /** The project folder: what is snapshotted, and what a restore may write. */
  cwd: string;
  session: SessionStore;
  /** Records a checkpoint in the session file: the session's one writer (its recorder). */
  recordCheckpoint: (checkpoint: NewCheckpoint) => RecordedCheckpoint;
  env: NodeJS.ProcessEnv;
  warn: (message: string) => void;
  /** settings.json `checkpoints`: false takes no snapshot (no git runs, no store folder). */
  enabled: boolean;
}

export function openSessionCheckpoints(options: OpenCheckpointsOptions): SessionCheckpoints {
  const { gongHome, cwd, session, warn } = options;
  const root = checkpointStoreDir(gongHome, cwd);
  const recorded = { entries: session, record: options.recordCheckpoint };
  if (!options.enabled) {
    // The user's choice: a snapshot not taken is no news, so nothing warns.
    return new SessionCheckpoints(recorded, refusing(checkpointsOff(gongHome)), () => {}, root);
  }
  const folder = path.resolve(cwd);
  const owner = path.resolve(session.header.cwd);
  if (!sameFolder(owner, folder)) {
    // Its snapshots are of another folder's files: restoring one here would write that
    // project's files into this one (issue 34.3), and new ones here would mix the two.
    const error = `session ${session.id} belongs to ${owner}, so its checkpoints are that folder's files, not ${folder}'s; run gong --rewind in ${owner}`;
    return new SessionCheckpoints(recorded, refusing(error), warn, root);
  }
  if (folder === path.parse(folder).root || folder === path.resolve(homeDir(options.env))) {
    const error = `${folder} is the home folder or the file system root, whose files gong does not snapshot; start gong in a project folder`;
    return new SessionCheckpoints(recorded, refusing(error), warn, root);
  }
  const git = new ShadowGitStore(root, cwd, session.id, {
    ...withInherited(lastSnapshot(session)),
    // A session that never takes a snapshot leaves nothing behind.
    beforeFirstUse: async (paths) => {
      try {
        noteSession(root, session.id, session.path);
        await cleanEndedSessions(root, paths);
      } catch (error) {
        warn(`Old checkpoints in ${root} could not be cleaned: ${(error as Error).message}`);
      }
    },
  });
  const backups = () => new FileBackupStore(root, cwd, session.id);
  const checkpoints = new SessionCheckpoints(
    recorded,
    new GitOrBackupStore(git, backups),
    warn,
    root,
  );
  checkpoints.start();
  return checkpoints;
}

/** The same path, or two paths of one folder (a symbolic link); a folder gone is no match. */
function sameFolder(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/** The newest snapshot the session's entries name (a fork's, copied from its parent). */
function lastSnapshot(session: SessionStore): string | undefined {
  const entries = session.getEntries();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.type === "checkpoint") return entry.snapshot;
  }
  return undefined;
}

function withInherited(snapshot: string | undefined): { inherited?: string } {
  return snapshot === undefined ? {} : { inherited: snapshot };
}

function checkpointsOff(gongHome: string): string {
  const user = path.join(gongHome, "settings.json");
  return `Checkpoints are off ("checkpoints": false in settings.json), so this session has none to rewind to. Set "checkpoints": true in ${user} (or the project's .gong/settings.json) and they are taken from gong's next start.`;
}

/**
 * A store that takes no snapshot, answering `error` to everything: for the home folder
 * or `/` (everything below is far too much to copy), and when the user turned them off.
 */
function refusing(error: string): SnapshotStore {
  return {
    coversEveryChange: false,
    refusal: error,
    capture: () => [],
    snapshot: async () => ({ ok: false, error }),
    changes: async () => ({ ok: false, error }),
    restore: async () => ({ ok: false, error }),
  };
}
