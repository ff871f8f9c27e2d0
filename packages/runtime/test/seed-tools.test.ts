import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import type { ToolResultMessage } from "@gong/llm";
import { SessionStore } from "@gong/session-store";
import { loadSettings } from "@gong/settings";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import type { ToolResponse } from "@gong/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TODOS_CUSTOM_TYPE, todosFileFor } from "../src/session/todo-store.js";
import { openSession, sessionSandbox, writeFile } from "./helpers.js";

const mock = useMockLlmServer();

let page: http.Server;
let pageUrl = "";
beforeAll(async () => {
  page = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html><body><nav>menu</nav><h1>Release 4.2</h1><p>Ships on Friday.</p></body></html>");
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/release`;
});
afterAll(() => new Promise<void>((resolve) => page.close(() => resolve())));

const todos = [
  { content: "Reproduce the bug", status: "completed" },
  { content: "Write the fix", status: "in_progress", priority: "high" },
];

function toolResults(messages: readonly { role: string }[]): ToolResultMessage[] {
  return messages.filter((m): m is ToolResultMessage => m.role === "toolResult");
}

function envelopeOf(message: ToolResultMessage | undefined): ToolResponse {
  return message?.details as ToolResponse;
}

function requestToolNames(index: number): string[] {
  const body = mock.requests[index]?.body as { tools?: { name: string }[] };
  return (body.tools ?? []).map((tool) => tool.name);
}

describe("todo_write in a coding session", () => {
  it("is a session entry and a <session>.todos.json; resume (-c) restores the list", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "todo_write", arguments: { todos } }]),
      textResponse("planned"),
    ]);
    const session = await openSession({ ...where });
    expect((await session.run(["plan it"])).ok).toBe(true);
    const file = session.file.path!;
    const result = envelopeOf(toolResults(session.messages)[0]);
    expect(result.data).toMatchObject({ count: 2, active_count: 1, persisted: true });
    expect(result.text).toContain("Persisted: True");
    expect(result.text).toContain(`Todo path: ${todosFileFor(file)}`);
    await session.close();

    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const entry = lines.find((l) => l.type === "custom");
    expect(entry).toMatchObject({
      customType: TODOS_CUSTOM_TYPE,
      data: { todos: result.data.todos },
    });
    expect(JSON.parse(readFileSync(todosFileFor(file), "utf8"))).toEqual({
      todos: result.data.todos,
    });

    mock.enqueue(textResponse("resumed"));
    const resumed = await openSession({ ...where, session: { kind: "continue" } });
    expect(resumed.file.path).toBe(file);
    expect(resumed.todos).toEqual(result.data.todos);
    // The custom entry takes no part in the model context: the conversation is intact.
    expect((await resumed.run(["go on"])).ok).toBe(true);
    await resumed.close();
  });

  it("a fork after the todo_write keeps the list; a fork from before it has none", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "todo_write", arguments: { todos } }]),
      textResponse("planned"),
    ]);
    const session = await openSession({ ...where });
    expect((await session.run(["plan it"])).ok).toBe(true);
    const file = session.file.path!;
    await session.close();

    const store = SessionStore.open(file, { gongHome: where.gongHome });
    if (!store.ok) throw new Error(store.error.message);
    const entries = store.value.getBranch();
    const customIndex = entries.findIndex((e) => e.type === "custom");
    const after = store.value.fork(entries.at(-1)!.id, { gongHome: where.gongHome });
    const before = store.value.fork(entries[customIndex - 1]!.id, { gongHome: where.gongHome });
    if (!after.ok || !before.ok) throw new Error("fork failed");
    const paths = [after.value.path!, before.value.path!];
    for (const s of [store.value, after.value, before.value]) s.close();

    const forked = await openSession({ ...where, session: { kind: "open", ref: paths[0]! } });
    expect(forked.todos.map((t) => t.content)).toEqual(todos.map((t) => t.content));
    await forked.close();
    const early = await openSession({ ...where, session: { kind: "open", ref: paths[1]! } });
    expect(early.todos).toEqual([]);
    await early.close();
  });

  it("--no-session: the list lives in memory and says it is not persisted", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "todo_write", arguments: { todos } }]),
      textResponse("ok"),
    ]);
    const session = await openSession({ ...where, session: { kind: "none" } });
    expect((await session.run(["plan"])).ok).toBe(true);
    const result = envelopeOf(toolResults(session.messages)[0]);
    expect(result.data).toMatchObject({ persisted: false, todo_path: null });
    expect(session.todos).toHaveLength(2);
    await session.close();
  });
});

describe("web_fetch in a coding session", () => {
  it("prompt is answered by the session's model (mock LLM) from the converted page", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { name: "web_fetch", arguments: { url: pageUrl, prompt: "When does 4.2 ship?" } },
      ]),
      textResponse("Release 4.2 ships on Friday."),
      textResponse("It ships Friday."),
    ]);
    const session = await openSession({ ...where });
    expect((await session.run(["when?"])).ok).toBe(true);
    const result = envelopeOf(toolResults(session.messages)[0]);
    expect(result.status).toBe("success");
    expect(result.data).toMatchObject({
      summary_text: "Release 4.2 ships on Friday.",
      model_used: session.models.current.id,
      final_url: pageUrl,
    });
    expect(result.text).toContain(`Model: ${session.models.current.id}`);
    expect(result.text).toContain("Summary:\nRelease 4.2 ships on Friday.");
    // The summarising call: the page as Markdown and the prompt, no tools.
    const summaryRequest = JSON.stringify(mock.requests[1]?.body);
    expect(summaryRequest).toContain("# Release 4.2");
    expect(summaryRequest).toContain("When does 4.2 ship?");
    expect(summaryRequest).not.toContain("menu");
    expect(requestToolNames(1)).toEqual([]);
    const artifact = (result.data.artifact as { relpath: string }).relpath;
    expect(existsSync(path.join(where.cwd, artifact))).toBe(true);
    await session.close();
  });

  it("settings webFetch.enabled=false takes the tool away; allowedDomains denies other hosts", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ webFetch: { enabled: false } }),
    );
    mock.enqueue(textResponse("ok"));
    const off = await openSession({ ...where });
    expect((await off.run(["hi"])).ok).toBe(true);
    expect(requestToolNames(0)).not.toContain("web_fetch");
    expect(requestToolNames(0)).toContain("todo_write");
    await off.close();

    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ webFetch: { allowedDomains: ["example.org"] } }),
    );
    mock.enqueue([
      toolCallResponse([{ name: "web_fetch", arguments: { url: pageUrl } }]),
      textResponse("denied"),
    ]);
    const limited = await openSession({ ...where });
    expect((await limited.run(["fetch"])).ok).toBe(true);
    const result = envelopeOf(toolResults(limited.messages)[0]);
    expect(result.error?.code).toBe("ACCESS_DENIED");
    await limited.close();
  });

  it("an untrusted project cannot change webFetch (it could lift the user's allow-list)", () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ webFetch: { allowedDomains: ["example.org"] } }),
    );
    writeFile(
      path.join(where.cwd, ".gong", "settings.json"),
      JSON.stringify({ webFetch: { allowedDomains: ["127.0.0.1"] } }),
    );
    const loaded = loadSettings({ cwd: where.cwd, gongHome: where.gongHome, env: where.env });
    expect(loaded.untrustedKeys).toContain("webFetch");
    expect(loaded.settings.webFetch).toEqual({ allowedDomains: ["example.org"] });
  });
});

describe("ask_user in a coding session", () => {
  it("with a host askUser: offered by default, the run waits for the answer", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    const questions = [
      {
        question: "Which database?",
        header: "DB",
        options: [
          { label: "Postgres", description: "Relational" },
          { label: "SQLite", description: "Embedded" },
        ],
        multiSelect: false,
      },
    ];
    mock.enqueue([
      toolCallResponse([{ name: "ask_user", arguments: { questions } }]),
      textResponse("Using SQLite."),
    ]);
    const asked: string[] = [];
    const session = await openSession({
      ...where,
      askUser: async (shown) => {
        asked.push(shown[0]!.question);
        return { "Which database?": "SQLite" };
      },
    });
    const updates: unknown[] = [];
    session.subscribe((event) => {
      if (event.type === "tool_execution_update") updates.push(event.partial);
    });
    expect((await session.run(["set up storage"])).ok).toBe(true);
    expect(requestToolNames(0)).toContain("ask_user");
    expect(asked).toEqual(["Which database?"]);
    expect(updates).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ status: "waiting_for_input" }) }),
    ]);
    const result = envelopeOf(toolResults(session.messages)[0]);
    expect(result.text).toContain("1. [DB] Which database?\n   Answer: SQLite");
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("Answer: SQLite");
    await session.close();
  });

  it("without a host: not offered by the default preset", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    const session = await openSession({ ...where });
    expect((await session.run(["hi"])).ok).toBe(true);
    expect(requestToolNames(0)).toEqual(
      expect.arrayContaining(["read", "bash", "todo_write", "web_fetch"]),
    );
    expect(requestToolNames(0)).not.toContain("ask_user");
    await session.close();
  });
});

/** A forward proxy that counts the CONNECT tunnels it opens and knows which are still open. */
async function startTunnelProxy() {
  const open = new Set<net.Socket>();
  let tunnels = 0;
  const server = http.createServer();
  server.on("connect", (req, client: net.Socket) => {
    tunnels++;
    open.add(client);
    const [host, port] = (req.url ?? "").split(":");
    const upstream = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels: () => tunnels,
    openTunnels: () => open.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("web_fetch's proxy client across settings reloads (issue 21, decided)", () => {
  it("a reload reuses the session's proxy client instead of leaving one open per tool set; close ends it", async () => {
    const proxy = await startTunnelProxy();
    try {
      const where = sessionSandbox(mock.anthropicBaseUrl);
      const session = await openSession({
        ...where,
        env: { ...where.env, HTTP_PROXY: proxy.url },
        session: { kind: "none" },
      });
      const fetchOnce = () =>
        mock.enqueue([
          toolCallResponse([
            { name: "web_fetch", arguments: { url: `${pageUrl}?n=${Math.random()}` } },
          ]),
          textResponse("fetched"),
        ]);
      fetchOnce();
      expect((await session.run(["fetch it"])).ok).toBe(true);
      expect(proxy.tunnels()).toBe(1);
      // A settings change builds the session's tools again.
      writeFile(
        path.join(where.gongHome, "settings.json"),
        JSON.stringify({ outputLevel: "full" }),
      );
      fetchOnce();
      expect((await session.run(["fetch it again"])).ok).toBe(true);
      expect(envelopeOf(toolResults(session.messages)[1]).status).toBe("success");
      expect(proxy.tunnels()).toBe(1);
      await session.close();
      const until = Date.now() + 1000;
      while (proxy.openTunnels() > 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(proxy.openTunnels()).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});
