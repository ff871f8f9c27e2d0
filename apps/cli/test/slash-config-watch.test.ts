import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SessionHost } from "@gong/runtime";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { startConfigWatch } from "../src/interactive/slash/index.js";
import { sandbox } from "./harness.js";
import { FakeUi, slashContext } from "./slash-fake-ui.js";

const mock = useMockLlmServer();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function watching() {
  const box = sandbox(mock.anthropicBaseUrl);
  const opened = await SessionHost.open({
    cwd: box.cwd,
    env: box.env,
    gongHome: box.gongHome,
    session: { kind: "new" },
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const host = opened.host;
  const ui = new FakeUi();
  const close = startConfigWatch(slashContext(host, ui, box.cwd));
  cleanups.push(async () => {
    await close();
    await host.close();
  });
  return { box, host, ui };
}

/**
 * Writes the file again until the watcher reports it (it may not be ready the moment it
 * starts); the test's timeout is the hang guard.
 */
async function writeUntilNoted(ui: FakeUi, file: string, content: () => string) {
  mkdirSync(path.dirname(file), { recursive: true });
  while (ui.lines("note").length === 0) {
    writeFileSync(file, content());
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

describe("config watch — one line when a configuration file changes, and when it applies", () => {
  it("settings.json: applies at the next turn, and really does", async () => {
    const { box, host, ui } = await watching();
    const file = path.join(box.cwd, ".gong", "settings.json");
    await writeUntilNoted(ui, file, () => JSON.stringify({ toolOutputLevels: { bash: "brief" } }));
    expect(ui.lines("note")[0]).toBe(
      "settings changed: .gong/settings.json — applies at the next turn",
    );
    writeFileSync(file, JSON.stringify({ tools: ["read"] }));
    mock.enqueue(textResponse("ok"));
    await host.current.prompt("hi");
    const body = mock.requests.at(-1)!.body as { tools?: { name: string }[] };
    expect(body.tools?.map((tool) => tool.name)).toEqual(["read"]);
  });

  it("AGENTS.md: applies at the next turn", async () => {
    const { box, ui } = await watching();
    let n = 0;
    await writeUntilNoted(ui, path.join(box.cwd, "AGENTS.md"), () => `rule ${n++}`);
    expect(ui.lines("note")[0]).toBe("context changed: AGENTS.md — applies at the next turn");
  });

  it("a skill and models.json: applies to new sessions", async () => {
    const { box, ui } = await watching();
    let n = 0;
    await writeUntilNoted(
      ui,
      path.join(box.cwd, ".gong", "skills", "lint", "SKILL.md"),
      () => `---\nname: lint\ndescription: lints ${n++}\n---\nRun the linter.\n`,
    );
    expect(ui.lines("note")[0]).toMatch(
      /^skills changed: .*\.gong\/skills\/lint.* — applies to new sessions \(\/new\)$/,
    );
    const notes = ui.lines("note").length;
    while (ui.lines("note").length === notes) {
      writeFileSync(path.join(box.gongHome, "models.json"), JSON.stringify({ providers: {} }));
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(ui.lines("note").at(-1)).toBe(
      `models changed: ${path.join(box.gongHome, "models.json")} — applies to new sessions (/new)`,
    );
  });

  it("a watched folder removed and made again is still watched", async () => {
    const { box, ui } = await watching();
    const skills = path.join(box.gongHome, "skills");
    let n = 0;
    await writeUntilNoted(ui, path.join(skills, "a", "SKILL.md"), () => `x${n++}`);
    rmSync(skills, { recursive: true, force: true });
    const before = ui.lines("note").length;
    while (
      !ui
        .lines("note")
        .slice(before)
        .some((line) => line.includes("skills/b"))
    ) {
      mkdirSync(path.join(skills, "b"), { recursive: true });
      writeFileSync(path.join(skills, "b", "SKILL.md"), `y${n++}`);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(ui.lines("note").at(-1)).toMatch(
      /^skills changed: .*skills\/b.* — applies to new sessions/,
    );
  });
});
