import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox, sessionFiles } from "./harness.js";

const mock = useMockLlmServer();

let site: http.Server;
let siteUrl = "";
const siteHits = { nested: 0 };
beforeAll(async () => {
  site = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    if (req.url === "/nested") {
      // 60 000 nested <div>s (420 KB): minutes of CPU for an HTML converter.
      siteHits.nested++;
      return res.end(
        `<html><body>${"<div>".repeat(60_000)}${"</div>".repeat(60_000)}</body></html>`,
      );
    }
    res.end(
      "<html><body><script>x()</script><h2>Changelog</h2><p>Fixed the parser.</p></body></html>",
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/changelog`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

function sessionFile(gongHome: string): string {
  const files = sessionFiles(gongHome);
  expect(files).toHaveLength(1);
  return files[0]!;
}

function toolResultText(requestIndex: number): string {
  const body = mock.requests[requestIndex]!.body as {
    messages: { role: string; content: unknown }[];
  };
  return JSON.stringify(body.messages.at(-1)?.content);
}

function requestToolNames(index: number): string[] {
  const body = mock.requests[index]!.body as { tools?: { name: string }[] };
  return (body.tools ?? []).map((tool) => tool.name);
}

describe("gong — todo_write, web_fetch, ask_user", () => {
  it("todo_write: json mode streams data.todos; the list is saved with the session and -c continues it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const todos = [
      { content: "Find the bug", status: "in_progress" },
      { content: "Fix it", status: "pending" },
    ];
    mock.enqueue([
      toolCallResponse([{ name: "todo_write", arguments: { todos } }]),
      textResponse("planned"),
    ]);
    const first = await runGong(["--mode", "json", "plan the fix"], box);
    expect(first.code).toBe(0);
    const end = jsonLines(first.stdout).find((e) => e.type === "tool_execution_end") as {
      result: { data: { todos: unknown[]; persisted: boolean } };
    };
    expect(end.result.data.todos).toHaveLength(2);
    expect(end.result.data.persisted).toBe(true);
    expect(toolResultText(1)).toContain("Total todos: 2");
    expect(toolResultText(1)).toContain("Remember to keep using the TODO list");

    const file = sessionFile(box.gongHome);
    const todosFile = file.replace(/\.jsonl$/, ".todos.json");
    expect(JSON.parse(readFileSync(todosFile, "utf8")).todos).toHaveLength(2);

    mock.enqueue([
      toolCallResponse([
        {
          name: "todo_write",
          arguments: {
            todos: [
              { content: "Find the bug", status: "completed" },
              { content: "Fix it", status: "in_progress" },
            ],
          },
        },
      ]),
      textResponse("working"),
    ]);
    const second = await runGong(["-c", "-p", "go on"], box);
    expect(second.code).toBe(0);
    expect(sessionFile(box.gongHome)).toBe(file);
    const custom = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.type === "custom" && entry.customType === "todos");
    expect(custom).toHaveLength(2);
    expect(JSON.parse(readFileSync(todosFile, "utf8")).todos[0].status).toBe("completed");
    expect(toolResultText(3)).toContain("Active todos: 1");
  });

  it("web_fetch: gong -p fetches a page as Markdown and saves it under .tool-output", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "web_fetch", arguments: { url: siteUrl } }]),
      textResponse("The parser was fixed."),
    ]);
    const run = await runGong(["-p", "what changed?"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("The parser was fixed.\n");
    const seen = toolResultText(1);
    expect(seen).toContain(`# WebFetch: ${siteUrl}`);
    expect(seen).toContain("## Changelog");
    expect(seen).not.toContain("x()");
    const saved = readdirSync(path.join(box.cwd, ".tool-output")).filter((name) =>
      name.startsWith("web_fetch_"),
    );
    expect(saved).toHaveLength(1);
    expect(readFileSync(path.join(box.cwd, ".tool-output", saved[0]!), "utf8")).toContain(
      "Fixed the parser.",
    );
  });

  it("web_fetch: a page of 60 000 nested divs never holds gong — SIGINT during its conversion exits 130 at once", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const nestedUrl = siteUrl.replace("/changelog", "/nested");
    mock.enqueue([
      toolCallResponse([{ name: "web_fetch", arguments: { url: nestedUrl } }]),
      textResponse("never reached"),
    ]);
    const hitsBefore = siteHits.nested;
    let signalledAt = 0;
    const run = await runGong(["-p", "read that page"], box, {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (siteHits.nested === hitsBefore) return;
          clearInterval(poll);
          // The page is in; its conversion is running now.
          setTimeout(() => {
            signalledAt = Date.now();
            child.kill("SIGINT");
          }, 700);
        }, 20);
      },
    });
    expect(signalledAt).toBeGreaterThan(0);
    expect(run.code).toBe(130);
    expect(Date.now() - signalledAt).toBeLessThan(20_000); // below the conversion's 30 s limit
  });

  it("ask_user: not offered in -p; named with --tools it tells the model to use its judgement", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    expect((await runGong(["-p", "hi"], box)).code).toBe(0);
    expect(requestToolNames(0)).toContain("web_fetch");
    expect(requestToolNames(0)).toContain("todo_write");
    expect(requestToolNames(0)).not.toContain("ask_user");

    const questions = [
      {
        question: "Tabs or spaces?",
        header: "Indent",
        options: [
          { label: "Tabs", description: "One per level" },
          { label: "Spaces", description: "Two per level" },
        ],
        multiSelect: false,
      },
    ];
    mock.enqueue([
      toolCallResponse([{ name: "ask_user", arguments: { questions } }]),
      textResponse("Going with spaces."),
    ]);
    const run = await runGong(["-p", "--tools", "read,ask_user", "format it"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Going with spaces.\n");
    expect(requestToolNames(1)).toEqual(["read", "ask_user"]);
    expect(toolResultText(2)).toContain("No user can answer questions in this mode");
    expect(toolResultText(2)).toContain("Proceed with your best judgement");
    expect(existsSync(path.join(box.cwd, ".tool-output"))).toBe(false);
  });
});
