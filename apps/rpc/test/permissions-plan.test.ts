import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

/** The tool names the model was offered in request `index`. */
const offered = (index: number) =>
  ((mock.requests[index]?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map(
    (t) => t.name,
  );

describe("gong-rpc — an 'always for this project' answer is not asked again", () => {
  it("extension_ui_response always:project saves the rule in .gong/settings.local.json (git-ignored); a new session runs the call unasked", async () => {
    // A confirmBash match saves the exact command, so the guard still asks about others.
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), {
      confirmBash: ["^touch"],
      trustedFolders: [box.cwd],
    });
    spawnSync("git", ["init", "-q"], { cwd: box.cwd });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch a.txt" } }]),
      textResponse("made a"),
    ]);
    const first = RpcProcess.start(box);
    await first.request({ type: "prompt", message: "make a" });
    const ask = await first.waitFor((l) => l.type === "extension_ui_request");
    expect(ask).toMatchObject({ method: "confirm", projectRule: "Bash(touch a.txt)" });
    expect(
      await first.request({
        type: "extension_ui_response",
        requestId: ask.id,
        confirmed: true,
        always: "project",
      }),
    ).toMatchObject({ success: true });
    await first.waitFor((l) => l.type === "run_end");
    expect(await first.end()).toBe(0);
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(true);
    const local = JSON.parse(readFileSync(path.join(box.cwd, ".gong/settings.local.json"), "utf8"));
    expect(local).toEqual({ permissions: { allow: ["Bash(touch a.txt)"] } });
    expect(readFileSync(path.join(box.cwd, ".gitignore"), "utf8")).toBe(
      "/.gong/settings.local.json\n",
    );

    rmSync(path.join(box.cwd, "a.txt"));
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch b.txt" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "touch a.txt" } }]),
      textResponse("made a again"),
    ]);
    const second = RpcProcess.start(box);
    await second.request({ type: "prompt", message: "make a again" });
    // Another command the pattern matches is asked about (before the fix, Bash(touch:*)
    // had switched the user's confirmBash guard off for every touch).
    const again = await second.waitFor((l) => l.type === "extension_ui_request");
    expect(again).toMatchObject({ projectRule: "Bash(touch b.txt)" });
    await second.request({ type: "extension_ui_response", requestId: again.id, confirmed: false });
    await second.waitFor((l) => l.type === "run_end");
    // The saved command itself ran unasked.
    expect(second.ofType("extension_ui_request")).toHaveLength(1);
    expect(await second.end()).toBe(0);
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(true);
    expect(existsSync(path.join(box.cwd, "b.txt"))).toBe(false);
  });
});

describe("gong-rpc — plan mode: set_mode, approve_plan", () => {
  it("set_mode plan offers reading tools; a refused plan gets the feedback, an approved one continues with every tool", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "exit_plan_mode", arguments: { plan: "1. big change" } }]),
      toolCallResponse([{ name: "exit_plan_mode", arguments: { plan: "1. small change" } }]),
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "small" } }]),
      textResponse("done"),
    ]);
    const rpc = RpcProcess.start(box);
    expect(await rpc.request({ type: "set_mode", mode: "plan" })).toMatchObject({
      success: true,
      data: { mode: "plan" },
    });
    expect((await rpc.request({ type: "get_state" })).data).toMatchObject({ mode: "plan" });
    await rpc.request({ type: "prompt", message: "change it" });
    const first = await rpc.waitFor(
      (l) => l.type === "extension_ui_request" && l.method === "approve_plan",
    );
    expect(first).toMatchObject({ plan: "1. big change" });
    await rpc.request({
      type: "extension_ui_response",
      requestId: first.id,
      confirmed: false,
      feedback: "make it smaller",
    });
    const second = await rpc.waitFor(
      (l) => l.type === "extension_ui_request" && l.method === "approve_plan" && l.id !== first.id,
    );
    await rpc.request({ type: "extension_ui_response", requestId: second.id, confirmed: true });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(offered(0)).not.toContain("bash");
    expect(offered(0)).toContain("exit_plan_mode");
    expect(JSON.stringify(mock.requests[1]?.body)).toContain(
      "with the user's feedback: make it smaller",
    );
    expect(offered(2)).toEqual(expect.arrayContaining(["bash", "write"]));
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("small");
    expect((await rpc.request({ type: "get_state" })).data).toMatchObject({ mode: "auto" });
  });
});
