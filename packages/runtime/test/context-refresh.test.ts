import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FileStamps } from "@gong/config-files";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import type { CodingSession } from "../src/index.js";
import { openSession, sessionSandbox, tempDir, writeFile } from "./helpers.js";

const mock = useMockLlmServer();

function setup() {
  return { ...sessionSandbox(mock.anthropicBaseUrl), session: { kind: "none" as const } };
}

const open = openSession;

const system = (i: number) =>
  JSON.stringify((mock.requests[i]!.body as { system: unknown }).system);
const toolNames = (i: number) =>
  ((mock.requests[i]!.body as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);

/** Runs `change` once, when the first tool call of the run has finished. */
function afterFirstTool(session: CodingSession, change: () => void): void {
  let done = false;
  session.subscribe((event) => {
    if (event.type !== "tool_execution_end" || done) return;
    done = true;
    change();
  });
}

describe("#7 context files picked up before the next turn, inside a running tool loop", () => {
  it("AGENTS.md written by the agent's own tool reaches the very next LLM request", async () => {
    const where = setup();
    writeFile(path.join(where.cwd, "AGENTS.md"), "rule-one");
    mock.enqueue([
      toolCallResponse([
        { name: "write", arguments: { path: "AGENTS.md", content: "rule-two, written mid-run" } },
      ]),
      textResponse("done"),
    ]);
    const session = await open(where);
    expect((await session.run(["update the rules"])).ok).toBe(true);
    await session.close();
    expect(mock.requests).toHaveLength(2);
    expect(system(0)).toContain("rule-one");
    expect(system(1)).toContain("rule-two, written mid-run");
    expect(system(1)).not.toContain("rule-one");
  });

  it("an AGENTS.md deleted between two tool turns is gone from the next request", async () => {
    const where = setup();
    const agents = writeFile(path.join(where.cwd, "AGENTS.md"), "soon-deleted-rule");
    mock.enqueue([
      toolCallResponse([{ name: "ls", arguments: {} }]),
      toolCallResponse([{ name: "ls", arguments: {} }]),
      textResponse("done"),
    ]);
    const session = await open(where);
    afterFirstTool(session, () => rmSync(agents));
    expect((await session.run(["go"])).ok).toBe(true);
    await session.close();
    expect(system(0)).toContain("soon-deleted-rule");
    expect(system(1)).not.toContain("soon-deleted-rule");
    expect(system(2)).not.toContain("soon-deleted-rule");
  });

  it("an editor's save by rename (same size, new inode) and a new .gong/SYSTEM.md apply at the next turn", async () => {
    const where = setup();
    const agents = writeFile(path.join(where.cwd, "AGENTS.md"), "version-A");
    mock.enqueue([toolCallResponse([{ name: "ls", arguments: {} }]), textResponse("done")]);
    const session = await open(where);
    afterFirstTool(session, () => {
      const temp = `${agents}.swp`;
      writeFileSync(temp, "version-B");
      renameSync(temp, agents);
      writeFile(path.join(where.cwd, ".gong", "SYSTEM.md"), "You are a replaced base prompt.");
    });
    expect((await session.run(["go"])).ok).toBe(true);
    await session.close();
    expect(system(0)).toContain("version-A");
    expect(system(1)).toContain("version-B");
    expect(system(1)).toContain("You are a replaced base prompt.");
    expect(system(0)).not.toContain("You are a replaced base prompt.");
  });

  it("a settings change made mid-run (tools) waits for the next prompt, then applies", async () => {
    const where = setup();
    mock.enqueue([
      toolCallResponse([{ name: "ls", arguments: {} }]),
      textResponse("first done"),
      textResponse("second done"),
    ]);
    const session = await open(where);
    afterFirstTool(session, () =>
      writeFile(
        path.join(where.cwd, ".gong", "settings.json"),
        JSON.stringify({ tools: ["read"] }),
      ),
    );
    expect((await session.run(["first"])).ok).toBe(true);
    expect((await session.run(["second"])).ok).toBe(true);
    await session.close();
    // The default preset: every tool but ask_user, which needs a host to answer, plus task.
    expect(toolNames(0)).toEqual(expect.arrayContaining(["read", "write", "edit", "bash"]));
    // Same run: the tool set (part of the agent) is unchanged.
    expect(toolNames(1)).toEqual(toolNames(0));
    expect(toolNames(2)).toEqual(["read"]);
  });
});

describe("FileStamps — what counts as a change", () => {
  it("creation, in-place edit, same-size rename replace and deletion; nothing else", () => {
    const dir = tempDir();
    const file = path.join(dir, "AGENTS.md");
    const stamps = new FileStamps([file, path.join(dir, "missing", "CLAUDE.md")]);
    expect(stamps.changed()).toBe(false);
    writeFileSync(file, "one");
    expect(stamps.changed()).toBe(true);
    expect(stamps.changed()).toBe(false);
    writeFileSync(file, "one more line");
    expect(stamps.changed()).toBe(true);
    const before = statSync(file).ino;
    writeFileSync(`${file}.tmp`, "one more LINE");
    renameSync(`${file}.tmp`, file);
    expect(statSync(file).ino).not.toBe(before);
    expect(stamps.changed()).toBe(true);
    rmSync(file);
    expect(stamps.changed()).toBe(true);
    expect(stamps.changed()).toBe(false);
  });
});
