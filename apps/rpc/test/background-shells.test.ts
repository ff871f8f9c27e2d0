/**
 * Background shells over the JSON-lines protocol (issue 42 item 1): `get_shells` lists
 * them, `get_shell_output` shows a live tail, `kill_shell` ends one, and the model hears
 * at its next prompt of a shell that ended between runs.
 */
import { HANG_GUARD_MS, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

interface Shell {
  id: string;
  command: string;
  status: string;
  exitCode: number | null;
  killedBy?: string;
}

async function shells(rpc: RpcProcess): Promise<Shell[]> {
  const listed = await rpc.request({ type: "get_shells" });
  return (listed.data as { shells: Shell[] }).shells;
}

/** The model starts `command` in the background and ends its run. */
async function startShell(rpc: RpcProcess, command: string): Promise<void> {
  mock.enqueue([
    toolCallResponse([
      { id: "toolu_bg", name: "bash", arguments: { command, run_in_background: true } },
    ]),
    textResponse("Started."),
  ]);
  await rpc.request({ type: "prompt", message: "start it" });
  await rpc.waitFor((line) => line.type === "run_end");
}

/** Polls `read` until `done` holds (the hang guard ends a test that never gets there). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + HANG_GUARD_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("gong-rpc — background shells", () => {
  it("get_shells lists a running shell, get_shell_output shows its tail, kill_shell ends it and the model is told", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box);
    await startShell(rpc, "echo ready; sleep 300");
    expect(await shells(rpc)).toMatchObject([
      { id: "bash_1", command: "echo ready; sleep 300", status: "running", exitCode: null },
    ]);
    const tail = await until(
      () => rpc.request({ type: "get_shell_output", shellId: "bash_1" }),
      (response) => JSON.stringify(response.data).includes("ready"),
    );
    expect(tail).toMatchObject({ success: true, data: { output: "ready\n" } });
    const killed = await rpc.request({ type: "kill_shell", shellId: "bash_1" });
    expect(killed).toMatchObject({
      success: true,
      data: { shell: { id: "bash_1", status: "killed", killedBy: "user" } },
    });
    mock.enqueue(textResponse("Noted."));
    await rpc.request({ type: "prompt", message: "what now" });
    await rpc.waitFor((line) => line.type === "run_end" && mock.requests.length === 3);
    expect(JSON.stringify(mock.requests[2]!.body)).toContain(
      "Background shell bash_1 (echo ready; sleep 300) was killed by the user",
    );
    expect(await rpc.end()).toBe(0);
  });

  it("a shell that exits between runs is told at the next prompt, once", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box);
    await startShell(rpc, "exit 5");
    await until(
      () => shells(rpc),
      (list) => list[0]?.status === "exited",
    );
    mock.enqueue([textResponse("It failed."), textResponse("Fine.")]);
    await rpc.request({ type: "prompt", message: "how did it go" });
    await rpc.waitFor((line) => line.type === "run_end" && mock.requests.length === 3);
    await rpc.request({ type: "prompt", message: "and now" });
    await rpc.waitFor((line) => line.type === "run_end" && mock.requests.length === 4);
    const notice = "Background shell bash_1 (exit 5) exited with code 5";
    expect(JSON.stringify(mock.requests[2]!.body)).toContain(notice);
    // Told once: the line stays in the history, no second one comes.
    expect(JSON.stringify(mock.requests[3]!.body).split(notice)).toHaveLength(2);
    expect(await rpc.end()).toBe(0);
  });

  it("an unknown id is an error response that names the shells there are", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box);
    const response = await rpc.request({ type: "kill_shell", shellId: "bash_7" });
    expect(response).toMatchObject({
      success: false,
      error: "No background shell bash_7. No background shell was started in this session.",
    });
    expect(await rpc.end()).toBe(0);
  });
});
