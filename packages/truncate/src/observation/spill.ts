import { lstat, mkdir, open, readlink, writeFile } from "node:fs/promises";
import path from "node:path";

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYYMMDD_HHMMSS` in local time, as the spill file names use it. */
export function spillTimestamp(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

/**
 * Why a spill folder that is a symbolic link is refused, in the words every tool uses
 * (the path policy, bash's log, the truncator): `ln -s / .tool-output` must not turn
 * the folder Gong writes to, and lets the tools read, into the whole disk.
 */
export function linkedOutputDirMessage(dir: string, target: string): string {
  return (
    `The tool-output folder ${dir} is a symbolic link (to ${target}); Gong only uses a real ` +
    `folder it created there, so nothing was read or written through it. Remove the link ` +
    `(rm ${dir}) and Gong will create the folder.`
  );
}

/**
 * Creates the spill folder with a `.gitignore` of `*`, so spilled output is never
 * committed, even when the folder is inside the user's repository. A folder that
 * exists as a symbolic link is refused (see `linkedOutputDirMessage`): an Error is
 * thrown and nothing is written.
 */
export async function ensureOutputDir(dir: string): Promise<void> {
  const existing = await lstat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing?.isSymbolicLink()) {
    throw new Error(linkedOutputDirMessage(dir, await readlink(dir)));
  }
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, ".gitignore"), "*\n", { flag: "wx" }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  });
}

/**
 * Writes `content` to `<dir>/<prefix>_<YYYYMMDD_HHMMSS>_<name><suffix>.<ext>` without
 * ever overwriting: two spills in the same second get `_2`, `_3`, … (O_EXCL).
 * Returns the absolute path written.
 */
export async function writeUniqueFile(
  dir: string,
  stem: string,
  extension: string,
  content: string,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const file = path.join(dir, `${stem}${attempt === 1 ? "" : `_${attempt}`}.${extension}`);
    try {
      const handle = await open(file, "wx");
      try {
        await handle.writeFile(content, "utf8");
      } finally {
        await handle.close();
      }
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** File-name-safe tool name: `read`, `my_tool`, `mcp__server__search`. */
export function safeToolName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 64) || "tool";
}
