import { homedir } from "node:os";
import path from "node:path";
import { type ConfigFileGroup, isOwnSettingsWrite } from "@gong/config-files";
import { watch } from "chokidar";
import type { SlashContext } from "../contract.js";
import { watchPoints } from "./watch-points.js";

/** Editors save in bursts (write, rename, chmod): one line per burst. */
const DEBOUNCE_MS = 300;

const WHEN: Record<ConfigFileGroup["appliesAt"], string> = {
  "next-prompt": "applies at the next turn",
  "new-session": "applies to new sessions (/new)",
};

/**
 * Watches the files the session's configuration comes from (the runtime lists them:
 * `CodingSession.configFiles()`) and says in one line what changed and when it applies.
 * The runtime applies nothing from here: before each prompt it checks the files itself
 * (a stat each), so an edit applies even if a watcher event is late or lost.
 * Returns the closer.
 */
export function startConfigWatch(context: SlashContext): () => Promise<void> {
  const groups = context.host.current.config.files();
  const groupOf = (file: string) =>
    groups.find((group) =>
      group.paths.some((watched) => file === watched || file.startsWith(`${watched}${path.sep}`)),
    );
  const pending = new Map<ConfigFileGroup, Set<string>>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    for (const [group, files] of pending) {
      const names = [...files].map((file) => displayPath(file, context.cwd)).join(", ");
      context.ui.note(`${group.kind} changed: ${names} — ${WHEN[group.appliesAt]}`);
    }
    pending.clear();
  };

  // Skills and hooks are folders whose contents count; the rest are single files.
  const isFolderGroup = (group: ConfigFileGroup) =>
    group.kind === "skills" || group.kind === "hooks";
  const targets = {
    files: groups.filter((g) => !isFolderGroup(g)).flatMap((group) => group.paths),
    folders: groups.filter(isFolderGroup).flatMap((group) => group.paths),
  };
  const onEvent = (event: string, file: string) => {
    const resolved = path.resolve(file);
    const group = groupOf(resolved);
    // gong's own write (`/model` remembering the choice) is not the user's edit.
    if (group && !isOwnSettingsWrite(resolved)) {
      const changed = pending.get(group) ?? new Set<string>();
      changed.add(resolved);
      pending.set(group, changed);
      clearTimeout(timer);
      timer = setTimeout(flush, DEBOUNCE_MS);
    }
    // A folder on the way to a target appeared (`mkdir -p .gong/skills/x`): watch deeper.
    // A watched folder went away: watch from the folder above until it is back.
    if (event === "unlinkDir") for (const already of watching.values()) already.delete(resolved);
    if (event === "addDir" || event === "unlinkDir") arm();
  };
  // A folder that cannot be watched (no permission) only loses the line, never the
  // change itself (the runtime checks the files before each prompt); said once.
  let warned = false;
  const onError = (error: unknown) => {
    if (warned) return;
    warned = true;
    context.ui.warn(`cannot watch the configuration files: ${(error as Error).message}`);
  };
  const shallow = watch([], { ignoreInitial: true, depth: 0 });
  // A skill is `<skills>/<name>/SKILL.md` plus its resources.
  const deep = watch([], { ignoreInitial: true, depth: 2 });
  const watching = new Map([
    [shallow, new Set<string>()],
    [deep, new Set<string>()],
  ]);
  const arm = () => {
    const points = watchPoints(targets);
    for (const [watcher, dirs] of [
      [shallow, points.shallow],
      [deep, points.deep],
    ] as const) {
      const already = watching.get(watcher)!;
      const added = dirs.filter((dir) => !already.has(dir));
      for (const dir of added) already.add(dir);
      if (added.length > 0) watcher.add(added);
    }
  };
  for (const watcher of [shallow, deep]) {
    watcher.on("all", onEvent);
    watcher.on("error", onError);
  }
  arm();

  return async () => {
    clearTimeout(timer);
    await Promise.all([shallow.close(), deep.close()]);
  };
}

/** Relative to the project when inside it, else with `~` for the home folder. */
function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return relative;
  const home = homedir();
  return file.startsWith(`${home}${path.sep}`) ? `~${file.slice(home.length)}` : file;
}
