/**
 * Which of a rewind's files were changed by something other than this session's own
 * tools: by hand, by another session, by a program running beside gong. A rewind puts
 * those back too, so the front ends name them and ask first (apps/cli/test/
 * rewind-by-others.test.ts).
 *
 * The session's checkpoints, in the order they were taken, cut time into spans. A span
 * that ends at an `after` snapshot is this session's: it starts at the snapshot before
 * the tool call (or the rewind), or at an earlier one equal to it (a snapshot equal to
 * the last one recorded is not recorded again). Every other span — up to a prompt, up to
 * the snapshot before a tool call, and from the last snapshot to now — is someone else's,
 * and the files that changed in it are theirs.
 */
import type { CheckpointEntry, SessionEntry } from "@gong/session-store";
import type { FileChange } from "./file-changes.js";
import type { SnapshotStore } from "./snapshot-store.js";

/** The same file whatever its name's bytes. */
export function changeKey(change: Pick<FileChange, "path" | "pathBytes">): string {
  return change.pathBytes === undefined ? `p:${change.path}` : `b:${change.pathBytes}`;
}

/**
 * For each checkpoint entry of the session (by id): the files changed by others from it
 * until `now`. Empty when the store cannot compare snapshots of every change (file backups).
 */
export async function changesByOthers(
  entries: readonly SessionEntry[],
  store: SnapshotStore,
  now: string,
): Promise<Map<string, Set<string>>> {
  const since = new Map<string, Set<string>>();
  if (!store.coversEveryChange) return since;
  const points = entries.filter((entry): entry is CheckpointEntry => entry.type === "checkpoint");
  const others = new Set<string>();
  let end: { snapshot: string; trigger?: CheckpointEntry["trigger"] } = { snapshot: now };
  for (let i = points.length - 1; i >= 0; i--) {
    const start = points[i]!;
    if (end.trigger !== "after" && start.snapshot !== end.snapshot) {
      // A snapshot gone from the store (an old fork's, collected): that span cannot be told.
      const changed = await store.changes(end.snapshot, start.snapshot);
      for (const change of changed.ok ? changed.value : []) others.add(changeKey(change));
    }
    since.set(start.id, new Set(others));
    end = start;
  }
  return since;
}

/** Marks the changes that undo someone else's work. */
export function markOthers(
  changes: readonly FileChange[],
  others: ReadonlySet<string> | undefined,
): FileChange[] {
  return changes.map((change) =>
    others?.has(changeKey(change)) ? { ...change, byOthers: true } : change,
  );
}
