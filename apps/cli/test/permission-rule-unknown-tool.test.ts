import { existsSync } from "node:fs";
import path from "node:path";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { bashThenFinished, runGong, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

describe("permissions — a rule naming no tool (a typo) is a broken rule, not a silent no-op", () => {
  it("deny Bahs(rm:*) warns with the tool names and makes calls ask (denied in print mode)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { deny: ["Bahs(touch:*)"] } });
    mock.enqueue(bashThenFinished("touch made"));
    const run = await runGong(["-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("denied: needs confirmation");
    expect(run.stderr).toMatch(
      /settings\.json:\d+:\d+: permissions\.deny: "Bahs\(touch:\*\)": Bahs is no tool \(Bash, .*Read, Write, Edit, .*mcp__server__tool\)/,
    );
  });
});
