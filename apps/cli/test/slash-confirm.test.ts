import { existsSync } from "node:fs";
import path from "node:path";
import { SessionHost } from "@gong/runtime";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { confirmWithUi } from "../src/interactive/slash/confirm-tool-call.js";
import { sandbox } from "./harness.js";
import { FakeUi } from "./slash-fake-ui.js";

const mock = useMockLlmServer();

async function hostAsking(ui: FakeUi) {
  const box = sandbox(mock.anthropicBaseUrl);
  const opened = await SessionHost.open({
    cwd: box.cwd,
    env: box.env,
    gongHome: box.gongHome,
    tools: ["bash"],
    settings: { confirmBash: ["\\brm\\s+-rf\\b"] },
    confirmToolCall: confirmWithUi(() => ui),
  });
  if (!opened.ok) throw new Error(opened.error.message);
  return { box, host: opened.host };
}

const calls = (...commands: string[]) => [
  ...commands.map((command) => toolCallResponse([{ name: "bash", arguments: { command } }])),
  textResponse("done"),
];

describe("interactive confirmation — yes, yes for this session, no", () => {
  it('"always" runs the call and is not asked again for the same pattern', async () => {
    const ui = new FakeUi().answerPick({ label: "Yes, and don't ask again this session" });
    const { box, host } = await hostAsking(ui);
    mock.enqueue(calls("touch one; rm -rf x", "touch two; rm -rf y"));
    await host.current.prompt("go");
    await host.close();
    const picks = ui.shown.filter((s) => s.kind === "pick");
    expect(picks).toHaveLength(1);
    expect(ui.lastPick().title).toBe(
      "Allow bash: touch one; rm -rf x? (the command matches confirmBash pattern /\\brm\\s+-rf\\b/)",
    );
    expect(existsSync(path.join(box.cwd, "one"))).toBe(true);
    expect(existsSync(path.join(box.cwd, "two"))).toBe(true);
  });

  it("No (or Esc) blocks the call and the model is told", async () => {
    const ui = new FakeUi().answerPick({ label: "No" }, undefined);
    const { box, host } = await hostAsking(ui);
    mock.enqueue(calls("touch one; rm -rf x", "touch two; rm -rf y"));
    await host.current.prompt("go");
    await host.close();
    expect(existsSync(path.join(box.cwd, "one"))).toBe(false);
    expect(existsSync(path.join(box.cwd, "two"))).toBe(false);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("the user denied this call");
  });
});
