import { type Dirent, readdirSync } from "node:fs";
import path from "node:path";
import { homeDir } from "@gong/base";
import { projectConfigDir } from "../paths.js";
import { readRegularFile } from "../read-regular-file.js";
import { type PromptCommand, parsePromptCommand } from "./parse-command.js";

/** A command file is a prompt someone wrote by hand: a larger one is not read whole. */
const MAX_COMMAND_FILE_BYTES = 256 * 1024;
/** `a:b:name` at most: deeper folders are not walked (a symlink loop ends here too). */
const MAX_FOLDER_DEPTH = 3;

export interface CommandFolder {
  dir: string;
  scope: PromptCommand["scope"];
}

/**
 * Where prompt commands are found, in the order they override each other: the user's
 * (Claude Code's `~/.claude/commands`, then `$GONG_HOME/commands`), then the project's
 * (`.claude/commands`, then `.gong/commands`). The project's beat the user's.
 */
export function commandFolders(where: {
  cwd: string;
  gongHome: string;
  env: NodeJS.ProcessEnv;
}): CommandFolder[] {
  const project = path.resolve(where.cwd);
  return [
    { dir: path.join(homeDir(where.env), ".claude", "commands"), scope: "user" },
    { dir: path.join(where.gongHome, "commands"), scope: "user" },
    { dir: path.join(project, ".claude", "commands"), scope: "project" },
    { dir: path.join(projectConfigDir(project), "commands"), scope: "project" },
  ];
}

/**
 * Every `*.md` in the folders (test/prompt-commands.test.ts): `review.md` is
 * `/review`, `git/log.md` is `/git:log`. A later folder's command replaces an earlier
 * one of the same name, with a note; a file that cannot be read or parsed is one
 * warning and the others load.
 */
export function loadPromptCommands(
  folders: readonly CommandFolder[],
  warn: (message: string) => void,
  unknownTools: (names: readonly string[]) => void = unknownToolsOf(warn),
): PromptCommand[] {
  const byName = new Map<string, PromptCommand>();
  for (const folder of folders) {
    for (const { file, name } of markdownFiles(folder.dir, [], warn)) {
      const command = readCommand(file, name, folder.scope, { warn, unknownTools });
      if (!command) continue;
      const earlier = byName.get(name);
      // In the home folder the project's folders are the user's: the same file twice.
      if (earlier && earlier.file !== file) warn(`/${name}: ${file} is used, not ${earlier.file}`);
      byName.set(name, command);
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Without a session to gather them (unknown-tool-names.ts): one line per file. */
function unknownToolsOf(warn: (message: string) => void) {
  return (names: readonly string[]) => {
    if (names.length > 0)
      warn(`allowed-tools names tools Gong has not; left out: ${names.join(", ")}`);
  };
}

function readCommand(
  file: string,
  name: string,
  scope: PromptCommand["scope"],
  report: { warn: (message: string) => void; unknownTools: (names: readonly string[]) => void },
): PromptCommand | undefined {
  const { warn } = report;
  // Never blocks on a FIFO; a symlink loop or an unreadable file is said, then skipped.
  const read = readRegularFile(file, MAX_COMMAND_FILE_BYTES);
  if (read.kind === "missing") return undefined;
  if (read.kind === "skipped") {
    warn(read.warning);
    return undefined;
  }
  if (read.size > MAX_COMMAND_FILE_BYTES) {
    warn(`${file} is over ${MAX_COMMAND_FILE_BYTES / 1024} KB; only its first part was read`);
  }
  const parsed = parsePromptCommand(read.content, { name, file, scope });
  if (!parsed.ok) {
    warn(`${file}: ${parsed.error}; the command /${name} was skipped`);
    return undefined;
  }
  for (const warning of parsed.warnings) warn(warning);
  report.unknownTools(parsed.unknownTools);
  return parsed.command;
}

/** The Markdown files under `dir` with their command names; a missing folder has none. */
function markdownFiles(
  dir: string,
  prefix: readonly string[],
  warn: (message: string) => void,
): { file: string; name: string }[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      warn(
        `cannot read commands folder ${dir}: ${(error as Error).message}; its commands were skipped`,
      );
    }
    return [];
  }
  const found: { file: string; name: string }[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (prefix.length + 1 < MAX_FOLDER_DEPTH) {
        found.push(...markdownFiles(file, [...prefix, entry.name], warn));
      }
      continue;
    }
    if (!entry.name.endsWith(".md")) continue;
    const name = [...prefix, entry.name.slice(0, -".md".length)].join(":");
    if (/\s/.test(name)) {
      warn(`${file}: a command name cannot contain spaces; rename the file to use it`);
      continue;
    }
    found.push({ file, name });
  }
  return found;
}
