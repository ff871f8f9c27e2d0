import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import {
  type CodingSession,
  type CodingSessionOptions,
  createCodingSession,
  type SessionChoice,
} from "../src/index.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gong-runtime-"));
  made.push(dir);
  return dir;
}

export function writeFile(file: string, content: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Runs git in `dir` as a user with a name and e-mail, returning its output. */
export function gitIn(dir: string): (...args: string[]) => string {
  return (...args) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
}

/** A project and GONG_HOME in a temp folder, with an environment pointing at the mock. */
export function sessionSandbox(anthropicBaseUrl: string) {
  const root = tempDir();
  const cwd = path.join(root, "project");
  const gongHome = path.join(root, "gong-home");
  writeFile(path.join(cwd, ".keep"), "");
  const env = {
    HOME: root,
    GONG_HOME: gongHome,
    ANTHROPIC_API_KEY: "k",
    ANTHROPIC_BASE_URL: anthropicBaseUrl,
  };
  return { cwd, gongHome, env, session: { kind: "new" } as SessionChoice };
}

/** Opens a coding session; an expected failure fails the test with its message. */
export async function openSession(options: CodingSessionOptions): Promise<CodingSession> {
  const created = await createCodingSession(options);
  for (const message of created.warnings) options.onWarning?.(message);
  if (!created.ok) throw new Error(created.error.message);
  return created.session;
}
