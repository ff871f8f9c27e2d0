import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  acceptAgentWrites,
  forgetAgentWrites,
  recordAgentWrites,
  refusedAgentWrites,
} from "../src/agent-written.js";

let base: string;
afterEach(() => rmSync(base, { recursive: true, force: true }));

function setup() {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-agent-written-")));
  const home = path.join(base, "home");
  const project = path.join(base, "project");
  mkdirSync(home);
  mkdirSync(path.join(project, ".gong"), { recursive: true });
  const file = path.join(project, ".gong", "settings.local.json");
  writeFileSync(file, '{"hooks":{}}\n');
  return { home, project, file };
}

describe("config — what the agent wrote unasked (agent-written.ts)", () => {
  it("refused while unchanged, also through a symbolic link to the project; loads once the user edits it", () => {
    const { home, project, file } = setup();
    recordAgentWrites(home, [file], "bash");
    expect(refusedAgentWrites(home, [file], project).map((entry) => entry.file)).toEqual([file]);
    const link = path.join(base, "link");
    symlinkSync(project, link);
    const viaLink = path.join(link, ".gong", "settings.local.json");
    expect(refusedAgentWrites(home, [viaLink], link)[0]?.warning).toContain(
      `${viaLink} not loaded: the agent's bash call wrote it without your confirmation`,
    );
    writeFileSync(file, '{"hooks":{} }\n');
    expect(refusedAgentWrites(home, [file], project)).toEqual([]);
  });

  it("gong --trust accepts it; a confirmed change forgets it", () => {
    const { home, project, file } = setup();
    recordAgentWrites(home, [file], "write");
    expect(acceptAgentWrites(home, project)).toEqual([file]);
    expect(refusedAgentWrites(home, [file], project)).toEqual([]);
    recordAgentWrites(home, [file], "write");
    forgetAgentWrites(home, [file]);
    expect(refusedAgentWrites(home, [file], project)).toEqual([]);
  });

  it("a record that cannot be read refuses every existing file it could name (fail closed)", () => {
    const { home, project, file } = setup();
    writeFileSync(path.join(home, "agent-written.json"), "{ not json");
    const refused = refusedAgentWrites(home, [file, path.join(project, ".mcp.json")], project);
    expect(refused.map((entry) => entry.file)).toEqual([file]);
    expect(refused[0]?.warning).toContain("cannot be read");
    expect(refused[0]?.warning).toContain("fix or delete that record");
  });
});
