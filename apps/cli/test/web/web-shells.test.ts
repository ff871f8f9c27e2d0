/**
 * `gong web` shows the background shells (issue 42 item 1): the page has their panel,
 * and its commands `get_shells`, `get_shell_output` and `kill_shell` reach the session.
 */
import { HANG_GUARD_MS, isProcessAlive, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { GongWeb, loginCookie, rawRequest } from "./web-harness.js";

const mock = useMockLlmServer();

describe("gong web — background shells", () => {
  it("lists the shell the agent started, shows its output, kills it from the page's command", async () => {
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const cookie = await loginCookie(web);
    const send = async (command: Record<string, unknown>) => {
      const response = await rawRequest(web, "/command", {
        method: "POST",
        body: JSON.stringify(command),
        headers: { cookie, "content-type": "application/json", origin: web.origin },
      });
      return JSON.parse(response.body) as { success: boolean; data?: Record<string, unknown> };
    };
    const page = await rawRequest(web, "/", { headers: { cookie } });
    expect(page.body).toContain('id="shells"');
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_bg",
          name: "bash",
          arguments: { command: "echo PID=$$; exec sleep 300", run_in_background: true },
        },
      ]),
      textResponse("Started."),
    ]);
    expect(await send({ type: "prompt", message: "start it" })).toMatchObject({ success: true });
    let output = "";
    const deadline = Date.now() + HANG_GUARD_MS;
    while (!output.includes("PID=")) {
      if (Date.now() > deadline) throw new Error("no output from the shell");
      const read = await send({ type: "get_shell_output", shellId: "bash_1" });
      output = String(read.data?.output ?? "");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const pid = Number(/PID=(\d+)/.exec(output)![1]);
    expect(await send({ type: "get_shells" })).toMatchObject({
      success: true,
      data: { shells: [{ id: "bash_1", status: "running" }] },
    });
    expect(await send({ type: "kill_shell", shellId: "bash_1" })).toMatchObject({
      success: true,
      data: { shell: { status: "killed", killedBy: "user" } },
    });
    expect(isProcessAlive(pid)).toBe(false);
  });
});
