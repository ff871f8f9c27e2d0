import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

const PLAN = "# Plan\n\n1. Write a.txt\n2. Check it";

/** The tool names the model was offered in request `index`. */
const offered = (index: number) =>
  ((mock.requests[index]?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map(
    (t) => t.name,
  );

describe("plan mode — read-only tools until the plan is approved", () => {
  it("offers only reading tools plus exit_plan_mode, refuses write, and -p prints the plan and exits 0", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "x" } }]),
      toolCallResponse([{ name: "exit_plan_mode", arguments: { plan: PLAN } }]),
      textResponse("never asked for"),
    ]);
    const run = await runGong(["--permission-mode", "plan", "-p", "add a.txt"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${PLAN}\n`);
    expect(offered(0)).toEqual([
      "read",
      "grep",
      "find",
      "ls",
      "web_fetch",
      "task",
      "exit_plan_mode",
    ]);
    // task runs read-only subagents only in plan mode.
    const body = mock.requests[0]!.body as { tools: { name: string; description: string }[] };
    const tools = body.tools;
    const task = tools.find((t) => t.name === "task")?.description ?? "";
    expect(task).toContain("- explore:");
    expect(task).not.toContain("- general:");
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(false);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain(
      "write is not available in plan mode: only reading and searching tools are",
    );
    // The run ended with the plan: the model was not called again.
    expect(mock.requests).toHaveLength(2);
  });

  it("--yes approves the plan: the run goes on with every tool from the next model call", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "exit_plan_mode", arguments: { plan: PLAN } }]),
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "done" } }]),
      textResponse("wrote it"),
    ]);
    const run = await runGong(["--permission-mode", "plan", "--yes", "-p", "add a.txt"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("wrote it\n");
    expect(offered(0)).not.toContain("write");
    expect(offered(1)).toEqual(expect.arrayContaining(["bash", "write", "edit"]));
    expect(offered(1)).not.toContain("exit_plan_mode");
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("The user approved the plan");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("done");
  });
});
