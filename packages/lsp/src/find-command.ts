/**
 * Where a server's command is: an absolute or relative path as given, else the nearest
 * `node_modules/.bin` from the file's folder up to the project root, else PATH. Nothing is
 * downloaded; a command found nowhere is `undefined`.
 */
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

export function findCommand(
  command: string,
  options: { from: string; root: string; env: NodeJS.ProcessEnv },
): string | undefined {
  if (command.includes("/") || command.includes(path.sep)) {
    const absolute = path.resolve(options.root, command);
    return isExecutable(absolute) ? absolute : undefined;
  }
  for (const folder of folderChain(options.from, options.root)) {
    const candidate = path.join(folder, "node_modules", ".bin", command);
    if (isExecutable(candidate)) return candidate;
  }
  for (const folder of (options.env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    const candidate = path.join(folder, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** `from`, then each parent up to and including `root` (only `root` when `from` is outside it). */
export function folderChain(from: string, root: string): string[] {
  const relative = path.relative(root, from);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return [root];
  const folders: string[] = [];
  let current = from;
  for (;;) {
    folders.push(current);
    if (current === root) return folders;
    const parent = path.dirname(current);
    if (parent === current) return folders;
    current = parent;
  }
}

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
