import { homedir } from "node:os";
import path from "node:path";
import type { ConfigFileGroup } from "@gong/runtime";
import { watch } from "chokidar";
import type { SlashContext } from "../contract.js";

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
  const groups = context.host.current.configFiles();
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

  const watcher = watch(
    groups.flatMap((group) => group.paths),
    {
      ignoreInitial: true,
      // A skill is `<skills>/<name>/SKILL.md` (plus its resources); hooks are flat files.
      depth: 2,
      persistent: true,
    },
  );
  watcher.on("all", (_event, file) => {
    const group = groupOf(path.resolve(file));
    if (!group) return;
    const files = pending.get(group) ?? new Set<string>();
    files.add(path.resolve(file));
    pending.set(group, files);
    clearTimeout(timer);
    timer = setTimeout(flush, DEBOUNCE_MS);
  });
  // A folder that cannot be watched (no permission) only loses the line, never the
  // change itself; it is said once rather than crashing the screen.
  watcher.on("error", (error) => {
    context.ui.warn(`cannot watch the configuration files: ${(error as Error).message}`);
  });

  return async () => {
    clearTimeout(timer);
    await watcher.close();
  };
}

/** Relative to the project when inside it, else with `~` for the home folder. */
function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return relative;
  const home = homedir();
  return file.startsWith(`${home}${path.sep}`) ? `~${file.slice(home.length)}` : file;
}
