import path from "node:path";
import { gitIn, tempDir, writeFile } from "@gong/testing/vitest";
import {
  type CodingSession,
  type CodingSessionOptions,
  createCodingSession,
  type SessionChoice,
} from "../src/index.js";

export { gitIn, tempDir, writeFile };

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
