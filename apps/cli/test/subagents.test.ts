import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  errorResponse,
  liveProcessesInGroup,
  type RecordedRequest,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, sessionFiles, waitFor } from "./harness.js";

const mock = useMockLlmServer();

interface Block {
  type: string;
  text?: string;
  tool_use_id?: string;
  content?: string | Block[];
}
interface Body {
  system?: string | Block[];
  messages: { role: string; content: string | Block[] }[];
  tools?: { name: string; description?: string }[];
}

const bodyOf = (request: RecordedRequest) => request.body as Body;

function systemOf(request: RecordedRequest): string {
  const system = bodyOf(request).system;
  return typeof system === "string" ? system : (system ?? []).map((b) => b.text ?? "").join("\n");
}

function blocksOf(content: string | Block[]): Block[] {
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

/** The text of the request's first user message: a subagent's is its task prompt. */
function firstUserText(request: RecordedRequest): string {
  const first = bodyOf(request).messages.find((m) => m.role === "user");
  return first
    ? blocksOf(first.content)
        .map((b) => b.text ?? "")
        .join("")
    : "";
}

/** The tool results the request carries, in order. */
function toolResults(request: RecordedRequest): { id: string; text: string }[] {
  return bodyOf(request).messages.flatMap((message) =>
    blocksOf(message.content)
      .filter((block) => block.type === "tool_result")
      .map((block) => ({
        id: block.tool_use_id ?? "",
        text: blocksOf(block.content ?? "")
          .map((b) => b.text ?? "")
          .join(""),
      })),
  );
}

const toolNames = (request: RecordedRequest) =>
  (bodyOf(request).tools ?? []).map((tool) => tool.name).sort();

const isSubagent = (request: RecordedRequest) => firstUserText(request).startsWith("SUBTASK");

function taskCall(id: string, prompt: string, type?: string) {
  return {
    id,
    name: "task",
    arguments: { description: `do ${id}`, prompt, ...(type ? { subagent_type: type } : {}) },
  };
}

/** JSON lines of stdout. */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The parsed lines of a session file (every line must be JSON). */
function sessionLines(file: string): Record<string, unknown>[] {
  return jsonLines(readFileSync(file, "utf8"));
}

function transcriptFiles(box: Sandbox): string[] {
  return sessionFiles(box.gongHome).filter((file) =>
    file.includes(`${path.sep}subagents${path.sep}`),
  );
}

function parentFiles(box: Sandbox): string[] {
  return sessionFiles(box.gongHome).filter((file) => !transcriptFiles(box).includes(file));
}

describe("task — subagents run with a fresh context, in parallel, results in the model's order", () => {
  it("two task calls in one message: both run at once, each request has only its tools and prompt, results in order, events tagged", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const started = new Set<string>();
    mock.setFallback(async (request) => {
      const prompt = firstUserText(request);
      if (isSubagent(request)) {
        const which = prompt.slice("SUBTASK ".length, "SUBTASK ".length + 1);
        if (toolResults(request).length > 0)
          return textResponse(`found ${which} at src/${which}.ts:1`);
        started.add(which);
        // Each waits for the other to start: run one after the other, neither would finish.
        await waitFor(() => started.size === 2).catch(() => {});
        if (started.size < 2) return errorResponse(400, "the subagents did not run together");
        return toolCallResponse([{ id: `toolu_${which}_ls`, name: "ls", arguments: {} }]);
      }
      if (toolResults(request).length > 0) return textResponse("both done");
      return toolCallResponse([
        taskCall("toolu_t1", "SUBTASK A: find where A is defined", "explore"),
        taskCall("toolu_t2", "SUBTASK B: find where B is defined"),
      ]);
    });
    const run = await runGong(["--mode", "json", "-p", "PARENT: look for A and B"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);

    const subA = mock.requests.filter((r) => firstUserText(r).startsWith("SUBTASK A"));
    const subB = mock.requests.filter((r) => firstUserText(r).startsWith("SUBTASK B"));
    expect(subA).toHaveLength(2);
    expect(subB).toHaveLength(2);
    // explore: the parent's read-only tools; general: the parent's tools; never task.
    expect(toolNames(subA[0]!)).toEqual(["find", "grep", "ls", "read", "web_fetch"]);
    expect(toolNames(subB[0]!)).toContain("bash");
    expect(toolNames(subB[0]!)).not.toContain("task");
    const parentTools = toolNames(mock.requests[0]!);
    expect(parentTools).toContain("task");
    // The todo list stays the session's: a subagent never replaces it.
    expect(toolNames(subB[0]!)).toEqual(
      parentTools.filter((name) => name !== "task" && name !== "todo_write"),
    );
    // No parent history: one user message, the task prompt.
    expect(bodyOf(subA[0]!).messages).toHaveLength(1);
    expect(JSON.stringify(subA[0]!.body)).not.toContain("PARENT");
    expect(systemOf(subA[0]!)).toContain("file paths with line numbers");

    const last = mock.requests.at(-1)!;
    const results = toolResults(last);
    expect(results.map((r) => r.id)).toEqual(["toolu_t1", "toolu_t2"]);
    expect(results[0]!.text).toMatch(/^found A at src\/A\.ts:1\n\nTranscript: .*\.jsonl$/);
    expect(results[1]!.text).toMatch(/^found B at src\/B\.ts:1/);

    const events = jsonLines(run.stdout);
    const tagged = events.filter((e) => e.parentToolCallId === "toolu_t1");
    expect(tagged.map((e) => e.type)).toContain("tool_execution_start");
    expect(tagged.at(-1)!.type).toBe("agent_end");
    const end = events.find(
      (e) => e.type === "tool_execution_end" && e.toolCallId === "toolu_t1" && !e.parentToolCallId,
    ) as { result: { data: Record<string, unknown> } };
    expect(end.result.data).toMatchObject({
      subagent_type: "explore",
      summary: "found A at src/A.ts:1",
      turns: 2,
      tool_calls: 1,
    });

    // Each transcript is a session file naming its parent and the call.
    const transcripts = transcriptFiles(box);
    expect(transcripts).toHaveLength(2);
    const [parentFile] = parentFiles(box);
    const header = sessionLines(transcripts.find((f) => f.includes("toolu_t1"))!)[0]!;
    expect(header).toMatchObject({ parentSession: parentFile, parentToolCallId: "toolu_t1" });
    expect(end.result.data.transcript).toBe(transcripts.find((f) => f.includes("toolu_t1")));
  });

  it("a project agent file's body is the subagent's system prompt and its tools list is exactly its tools; a broken file is one warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const agents = path.join(box.cwd, ".gong", "agents");
    mkdirSync(agents, { recursive: true });
    writeFileSync(
      path.join(agents, "reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews code for bugs\ntools: Read, grep, bash\n---\nYou are REVIEWER-7. Look for bugs only.\n",
    );
    writeFileSync(path.join(agents, "broken.md"), "no front matter here\n");
    mock.setFallback((request) => {
      if (isSubagent(request)) return textResponse("no bugs");
      if (toolResults(request).length > 0) return textResponse("reviewed");
      return toolCallResponse([taskCall("toolu_r", "SUBTASK review src", "reviewer")]);
    });
    const run = await runGong(["--tools", "read,grep,ls,task", "-p", "review it"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("reviewed\n");
    const warnings = run.stderr.split("\n").filter(Boolean);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("broken.md");
    // The tool description lists the types for the model to choose from.
    const parentTask = (bodyOf(mock.requests[0]!).tools ?? []).find((t) => t.name === "task");
    expect(parentTask?.description).toContain("- reviewer: Reviews code for bugs");
    expect(parentTask?.description).toContain("- explore:");
    const sub = mock.requests.find(isSubagent)!;
    expect(systemOf(sub).startsWith("You are REVIEWER-7. Look for bugs only.")).toBe(true);
    // bash is named, but the parent does not have it: never more than the parent has.
    expect(toolNames(sub)).toEqual(["grep", "read"]);

    // The HTML export shows the transcript nested under its task call.
    const out = path.join(box.cwd, "out.html");
    const exported = await runGong(["--export", parentFiles(box)[0]!, out], box);
    expect(exported.code).toBe(0);
    const html = readFileSync(out, "utf8");
    const call = html.slice(html.indexOf("<summary>task "));
    const nested = call.slice(call.indexOf('<div class="subagent">'));
    expect(call.indexOf('<div class="subagent">')).toBeGreaterThan(0);
    expect(nested).toMatch(/<section class="msg user">.*SUBTASK review src/);
    expect(nested).toContain("no bugs");
  });

  it("a failing subagent gives the parent an error result with a next step, and the parent finishes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.setFallback((request) => {
      if (isSubagent(request)) return errorResponse(400, "subagent request rejected");
      if (toolResults(request).length > 0) return textResponse("carried on without it");
      return toolCallResponse([taskCall("toolu_f", "SUBTASK that fails", "explore")]);
    });
    const run = await runGong(["-p", "try it"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("carried on without it\n");
    const result = toolResults(mock.requests.at(-1)!)[0]!;
    expect(result.text).toContain("Subagent explore failed");
    expect(result.text).toContain("subagent request rejected");
    expect(result.text).toContain("Recommended next step");
  });

  it("a subagent that reaches subagents.maxTurns is stopped with an error result; resuming never runs it again", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({ subagents: { maxTurns: 3 } }),
    );
    mock.setFallback((request) => {
      const done = toolResults(request).length;
      if (isSubagent(request))
        return toolCallResponse([{ id: `toolu_ls${done}`, name: "ls", arguments: {} }]);
      return done > 0
        ? textResponse("gave up on it")
        : toolCallResponse([taskCall("toolu_m", "SUBTASK forever", "explore")]);
    });
    const run = await runGong(["-p", "loop"], box);
    expect(run.code).toBe(0);
    expect(mock.requests.filter(isSubagent)).toHaveLength(3);
    const result = toolResults(mock.requests.at(-1)!)[0]!;
    expect(result.text).toContain("reached subagents.maxTurns (3)");
    expect(result.text).toContain("Split the task into smaller tasks");

    const before = mock.requests.length;
    const resumed = await runGong(["-c", "-p", "and now?"], box);
    expect(resumed.code).toBe(0);
    expect(mock.requests.slice(before).filter(isSubagent)).toEqual([]);
  });
});

describe("task — a subagent runs under the parent's hooks", () => {
  it("a PreToolUse hook that blocks ls blocks the subagent's ls", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const block = { type: "command", command: "echo 'no listing here' >&2; exit 2" };
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "LS", hooks: [block] }] } }),
    );
    mock.setFallback((request) => {
      const done = toolResults(request).length;
      if (isSubagent(request))
        return done > 0
          ? textResponse("could not list")
          : toolCallResponse([{ id: "toolu_ls", name: "ls", arguments: {} }]);
      return done > 0
        ? textResponse("ok")
        : toolCallResponse([taskCall("toolu_h", "SUBTASK list", "explore")]);
    });
    const run = await runGong(["-p", "list"], box);
    expect(run.code).toBe(0);
    const subResult = toolResults(mock.requests.filter(isSubagent).at(-1)!)[0]!;
    expect(subResult.text).toContain("no listing here");
  });
});

describe("task — every spill hint says to use task, where task is offered", () => {
  it("bash output cut in the parent names task first; in the subagent (no task) it does not", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const long = { name: "bash", arguments: { command: "seq 1 30000" } };
    mock.setFallback((request) => {
      const done = toolResults(request).length;
      if (isSubagent(request))
        return done > 0
          ? textResponse("sub done")
          : toolCallResponse([{ id: "toolu_sb", ...long }]);
      if (done === 0) return toolCallResponse([{ id: "toolu_pb", ...long }]);
      if (done === 1) return toolCallResponse([taskCall("toolu_t", "SUBTASK count", "general")]);
      return textResponse("all done");
    });
    const run = await runGong(["-p", "count"], box);
    expect(run.code).toBe(0);
    const hint = "Use task to have a subagent process the full output file";
    const parentResult = toolResults(mock.requests.at(-1)!)[0]!;
    expect(parentResult.text).toContain(hint);
    const subagentResult = toolResults(mock.requests.filter(isSubagent).at(-1)!)[0]!;
    expect(subagentResult.text).toContain("Recommended next step");
    expect(subagentResult.text).not.toContain(hint);
  });
});

describe("task — stopping and crashing during a subagent", () => {
  it("SIGINT during a subagent's bash sleep: exit 130 and its process tree is gone", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.setFallback((request) => {
      if (isSubagent(request))
        return toolCallResponse([
          {
            id: "toolu_sleep",
            name: "bash",
            arguments: { command: "echo $$ > sub.pid; sleep 30" },
          },
        ]);
      return toolCallResponse([taskCall("toolu_s", "SUBTASK sleep", "general")]);
    });
    let child: ChildProcess | undefined;
    const running = runGong(["-p", "sleep in a subagent"], box, {
      onSpawn: (c) => (child = c),
    });
    const pidFile = path.join(box.cwd, "sub.pid");
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"));
    const pgid = Number(readFileSync(pidFile, "utf8").trim());
    expect(liveProcessesInGroup(pgid).length).toBeGreaterThan(0);
    child!.kill("SIGINT");
    const run = await running;
    expect(run.code).toBe(130);
    expect(liveProcessesInGroup(pgid)).toEqual([]);
  });

  it("kill -9 during a subagent: both session files are readable and gong -c continues the parent", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.setFallback((request) => {
      if (isSubagent(request)) {
        if (toolResults(request).length > 0)
          return textResponse("never finishes", { stallAfterEvents: 2 });
        return toolCallResponse([{ id: "toolu_ls", name: "ls", arguments: {} }]);
      }
      if (firstUserText(request) === "go on") return textResponse("unexpected");
      if (toolResults(request).length > 0) return textResponse("resumed fine");
      return toolCallResponse([taskCall("toolu_k", "SUBTASK crash", "explore")]);
    });
    let child: ChildProcess | undefined;
    const running = runGong(["-p", "work"], box, {
      onSpawn: (c) => (child = c),
    });
    // The subagent's third request streams and stalls: its ls result is on disk by then.
    await waitFor(() => mock.requests.filter(isSubagent).length === 2);
    child!.kill("SIGKILL");
    expect((await running).code).toBeNull();

    const [transcript] = transcriptFiles(box);
    const [parent] = parentFiles(box);
    const transcriptRoles = sessionLines(transcript!).map(
      (l) => (l.message as { role?: string })?.role,
    );
    expect(transcriptRoles).toEqual(expect.arrayContaining(["user", "assistant", "toolResult"]));
    expect(sessionLines(parent!)[0]).toMatchObject({ type: "session" });

    const resumed = await runGong(["-c", "-p", "go on"], box);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("resumed fine\n");
    // It continued the parent (its prompt is in the request), not the transcript.
    expect(JSON.stringify(mock.requests.at(-1)!.body)).toContain("work");
  });
});
