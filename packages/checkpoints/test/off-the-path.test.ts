import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ToolResponse } from "@gong/base";
import { SessionStore } from "@gong/session-store";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { openSessionCheckpoints } from "../src/open-checkpoints.js";
import type { SessionCheckpoints } from "../src/session-checkpoints.js";

const RESULT: ToolResponse = {
  status: "success",
  data: {},
  text: "done",
  stats: { time_ms: 1 },
  context: { cwd: ".", params_input: {} },
};

/** A project, its session and checkpoints opened as a session opens them. */
function openProject(files: Record<string, string>) {
  const root = tempDir();
  const cwd = path.join(root, "project");
  const gongHome = path.join(root, "gong-home");
  for (const [name, content] of Object.entries(files)) writeFile(path.join(cwd, name), content);
  const created = SessionStore.create({ cwd, gongHome });
  if (!created.ok) throw new Error(created.error.message);
  const session = created.value;
  const warnings: string[] = [];
  const checkpoints = openSessionCheckpoints({
    gongHome,
    cwd,
    session,
    recordCheckpoint: (checkpoint) => session.appendCheckpoint(checkpoint),
    env: { HOME: root },
    warn: (message) => warnings.push(message),
    enabled: true,
  });
  return { cwd, session, checkpoints, warnings };
}

/** A user message, recorded and observed as the session does. */
function prompt(session: SessionStore, checkpoints: SessionCheckpoints, text: string): string {
  const entry = session.appendMessage({ role: "user", content: text, timestamp: 0 });
  checkpoints.observe({ type: "message_end", message: entry.message }, () => entry.id);
  return entry.id;
}

/** Runs a tool call through the checkpoint gate: `change` is what the tool does. */
async function call(
  checkpoints: SessionCheckpoints,
  toolName: string,
  params: Record<string, unknown>,
  change: () => void,
): Promise<void> {
  const info = { toolCallId: `${toolName}-${Math.random()}`, toolName };
  await checkpoints.hook.beforeToolCall!(toolName, params, info);
  change();
  await checkpoints.hook.onToolResult!(toolName, RESULT, info);
}

function checkpointEntries(session: SessionStore) {
  return session.getEntries().filter((entry) => entry.type === "checkpoint");
}

describe("checkpoints off the critical path (issue 39 item 3)", () => {
  it("a write's gate does not wait for the snapshot, and a rewind still restores the file as it was before the call", async () => {
    const { cwd, session, checkpoints, warnings } = openProject({ "a.txt": "before\n" });
    const entryId = prompt(session, checkpoints, "rewrite a.txt");
    const info = { toolCallId: "w1", toolName: "write" };
    await checkpoints.hook.beforeToolCall!("write", { path: "a.txt" }, info);
    // The gate answered before the prompt's snapshot was recorded: it read a.txt and left
    // the snapshot to run beside the call.
    expect(checkpointEntries(session)).toEqual([]);
    writeFileSync(path.join(cwd, "a.txt"), "after\n"); // the tool, at once
    await checkpoints.hook.onToolResult!("write", RESULT, info);
    // A second write in a new folder: the file did not exist before the call.
    await call(checkpoints, "write", { path: "new/b.txt" }, () => {
      mkdirSync(path.join(cwd, "new"));
      writeFileSync(path.join(cwd, "new", "b.txt"), "made\n");
    });
    await checkpoints.idle();

    const plan = await checkpoints.plan(entryId, "code");
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.files.map((file) => [file.action, file.path, file.byOthers])).toEqual([
      ["restore", "a.txt", undefined],
      ["remove", "new/b.txt", undefined],
    ]);
    const done = await checkpoints.rewind(plan.value, () => ({ ok: true, value: undefined }));
    expect(done.ok).toBe(true);
    expect(readFileSync(path.join(cwd, "a.txt"), "utf8")).toBe("before\n");
    expect(warnings).toEqual([]);
    session.close();
  });

  it("a file changed by hand before a write is recorded as the write found it: the rewind names the hand edit", async () => {
    const { cwd, session, checkpoints } = openProject({ "a.txt": "one\n" });
    const entryId = prompt(session, checkpoints, "rewrite a.txt");
    await checkpoints.idle();
    writeFileSync(path.join(cwd, "a.txt"), "by hand\n"); // not the session's tools
    await call(checkpoints, "write", { path: "a.txt" }, () => {
      writeFileSync(path.join(cwd, "a.txt"), "by the agent\n");
    });
    await checkpoints.idle();
    const tool = checkpointEntries(session).find((entry) => entry.trigger === "tool");
    expect(tool).toBeDefined();
    const plan = await checkpoints.plan(entryId, "code");
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.files.map((file) => [file.path, file.byOthers])).toEqual([["a.txt", true]]);
    session.close();
  });

  it("a write to an ignored file stays out of the snapshots, as ignored files always do", async () => {
    const { cwd, session, checkpoints } = openProject({
      ".gitignore": "build/\n",
      "build/out.js": "old\n",
    });
    const entryId = prompt(session, checkpoints, "rebuild");
    await call(checkpoints, "write", { path: "build/out.js" }, () => {
      writeFileSync(path.join(cwd, "build/out.js"), "new\n");
    });
    await call(checkpoints, "write", { path: "build/more.js" }, () => {
      writeFileSync(path.join(cwd, "build/more.js"), "more\n");
    });
    await checkpoints.idle();
    const plan = await checkpoints.plan(entryId, "code");
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.files).toEqual([]);
    session.close();
  });

  it("a large first snapshot holds up no call; writes are still covered and the rewind names what is not", async () => {
    const files: Record<string, string> = { "notes.txt": "first\n" };
    for (let i = 0; i < 2_500; i++) files[`src/d${i % 25}/f${i}.ts`] = `export const v = ${i};\n`;
    const { cwd, session, checkpoints, warnings } = openProject(files);
    const entryId = prompt(session, checkpoints, "change things");
    let idle = false;
    void checkpoints.idle().then(() => {
      idle = true;
    });
    await call(checkpoints, "bash", { command: "touch x" }, () => {
      // The gate answered while the first snapshot was still hashing the project.
      expect(idle).toBe(false);
      writeFileSync(path.join(cwd, "src/d0/f0.ts"), "export const v = -1;\n");
    });
    await call(checkpoints, "edit", { path: "notes.txt" }, () => {
      expect(idle).toBe(false);
      writeFileSync(path.join(cwd, "notes.txt"), "second\n");
    });
    await checkpoints.idle();

    const plan = await checkpoints.plan(entryId, "code");
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.files.map((file) => file.path)).toEqual(["notes.txt"]);
    expect(plan.value.notes).toEqual([
      "Changes made by bash, MCP tools or subagents while the project's first snapshot was still being taken are not covered.",
    ]);
    const done = await checkpoints.rewind(plan.value, () => ({ ok: true, value: undefined }));
    expect(done.ok).toBe(true);
    expect(readFileSync(path.join(cwd, "notes.txt"), "utf8")).toBe("first\n");
    // A prompt after the first snapshot was done is covered again, bash and all.
    const later = prompt(session, checkpoints, "later");
    await call(checkpoints, "bash", { command: "touch y" }, () => {
      writeFileSync(path.join(cwd, "src/d1/f1.ts"), "export const v = -2;\n");
    });
    const again = await checkpoints.plan(later, "code");
    if (!again.ok) throw new Error(again.error);
    expect(again.value.files.map((file) => file.path)).toEqual(["src/d1/f1.ts"]);
    expect(again.value.notes).toEqual([]);
    expect(warnings).toEqual([]);
    session.close();
  });

  it("a bash call after the first snapshot waits for the project's content, and its changes are undone", async () => {
    const { cwd, session, checkpoints } = openProject({ "a.txt": "one\n" });
    await checkpoints.idle(); // the first snapshot, taken when the session opened
    const entryId = prompt(session, checkpoints, "run it");
    await call(checkpoints, "bash", { command: "edit a.txt" }, () => {
      writeFileSync(path.join(cwd, "a.txt"), "two\n");
    });
    await checkpoints.idle();
    const plan = await checkpoints.plan(entryId, "code");
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.notes).toEqual([]);
    const done = await checkpoints.rewind(plan.value, () => ({ ok: true, value: undefined }));
    expect(done.ok).toBe(true);
    expect(readFileSync(path.join(cwd, "a.txt"), "utf8")).toBe("one\n");
    session.close();
  });
});
