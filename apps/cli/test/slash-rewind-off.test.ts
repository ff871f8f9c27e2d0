import { SessionHost } from "@gong/runtime";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { runSlashCommand } from "../src/interactive/slash/index.js";
import { sandbox, writeSettings } from "./harness.js";
import { FakeUi, slashContext } from "./slash-fake-ui.js";

const mock = useMockLlmServer();
const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

describe('/rewind — with "checkpoints": false it says they are off, not "no checkpoints yet"', () => {
  it("warns with the setting to turn them on and opens no picker", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { checkpoints: false });
    const opened = await SessionHost.open({
      cwd: box.cwd,
      env: box.env,
      session: { kind: "new" },
      gongHome: box.gongHome,
      model: "anthropic/claude-sonnet-4-5",
    });
    if (!opened.ok) throw new Error(opened.error.message);
    hosts.push(opened.host);
    const ui = new FakeUi();
    await runSlashCommand("/rewind", slashContext(opened.host, ui, box.cwd));
    expect(ui.lines("note")).toEqual([]);
    expect(ui.lines("warn")).toEqual([expect.stringContaining('Set "checkpoints": true in')]);
    expect(ui.lines("warn")[0]).toContain("Checkpoints are off");
  });
});
