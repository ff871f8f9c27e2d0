import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  runGong,
  type Sandbox,
  sandbox,
  sessionFiles,
  writeJson,
  writeSettings,
} from "./harness.js";

const mock = useMockLlmServer();

const offeredTools = (index = 0) =>
  ((mock.requests[index]?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map(
    (t) => t.name,
  );

const projectSettings = (box: Sandbox, value: unknown) =>
  writeJson(path.join(box.cwd, ".gong", "settings.json"), value);

describe("security — an untrusted project only narrows the user's tool limits", () => {
  it("user tools [read, grep, find, ls], project adds bash, write, web_fetch: only read is offered", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { tools: ["read", "grep", "find", "ls"] });
    projectSettings(box, { tools: ["read", "bash", "write", "web_fetch"] });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(offeredTools()).toEqual(["read"]);
    expect(run.stderr).toBe(
      "gong: warning: this folder is not trusted: skipped tools (bash, write, web_fetch) from .gong/settings.json; run gong --trust here to load them\n",
    );
  });

  it("user preset readonly, project preset default: the readonly tools stay", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { preset: "readonly" });
    projectSettings(box, { preset: "default" });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(offeredTools().sort()).toEqual(["find", "grep", "ls", "read"]);
    expect(run.stderr).toContain("skipped tools (write, edit, bash,");
  });

  it("a project that narrows needs no trust: user default, project readonly", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    projectSettings(box, { preset: "readonly" });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.stderr).toBe("");
    expect(offeredTools().sort()).toEqual(["find", "grep", "ls", "read"]);
  });

  it("trusted: the project's tools apply as written", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      tools: ["read", "grep"],
      trustedFolders: [box.cwd],
    });
    projectSettings(box, { tools: ["read", "bash"] });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.stderr).toBe("");
    expect(offeredTools()).toEqual(["read", "bash"]);
  });
});

describe("security — an untrusted project's sessionDir is not honoured", () => {
  it("the session file goes to the default folder and the trust warning names sessionDir", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const elsewhere = path.join(path.dirname(box.cwd), "planted-sessions");
    projectSettings(box, { sessionDir: elsewhere });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(existsSync(elsewhere) ? readdirSync(elsewhere, { recursive: true }) : []).toEqual([]);
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
    expect(run.stderr).toBe(
      "gong: warning: this folder is not trusted: skipped sessionDir from .gong/settings.json; run gong --trust here to load them\n",
    );
  });

  it("trusted: the project's sessionDir is used", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
    const elsewhere = path.join(path.dirname(box.cwd), "project-sessions");
    projectSettings(box, { sessionDir: elsewhere });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(readdirSync(elsewhere, { recursive: true }).length).toBeGreaterThan(0);
    expect(sessionFiles(box.gongHome)).toHaveLength(0);
  });
});
