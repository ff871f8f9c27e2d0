import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

interface ToolEnd {
  type: string;
  toolCallId: string;
  result: { status: string; error?: { code: string }; text: string };
}

function toolEnds(stdout: string): ToolEnd[] {
  return jsonLines(stdout).filter((line) => line.type === "tool_execution_end") as never;
}

describe("security — tool-output symlink is not a door (gong binary)", () => {
  it("with `ln -s / .tool-output` the readonly preset cannot read a private key outside the project", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const key = path.join(box.home, ".ssh", "id_ed25519");
    mkdirSync(path.dirname(key), { recursive: true });
    writeFileSync(key, "PRIVATE-KEY-5150\n");
    symlinkSync("/", path.join(box.cwd, ".tool-output"));
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_abs", name: "read", arguments: { path: key } },
        { id: "toolu_via", name: "read", arguments: { path: `.tool-output${key}` } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "--preset", "readonly", "-p", "read it"], box);
    expect(run.code).toBe(0);
    const ends = toolEnds(run.stdout);
    expect(ends.map((end) => end.result.error?.code)).toEqual(["ACCESS_DENIED", "ACCESS_DENIED"]);
    expect(ends[1]!.result.text).toContain("is a symbolic link");
    expect(run.stdout).not.toContain("PRIVATE-KEY-5150");
    expect(JSON.stringify(mock.requests.map((request) => request.body))).not.toContain(
      "PRIVATE-KEY-5150",
    );
  });
});

describe("security — ~ expansion is one helper (gong binary)", () => {
  it("a read of ~unknown-user/x is refused with a clear error, not looked up under $HOME", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mkdirSync(path.join(box.home, "no-such-user-4711"), { recursive: true });
    writeFileSync(path.join(box.home, "no-such-user-4711", "notes.txt"), "HOME-NOTES-31\n");
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_t", name: "read", arguments: { path: "~no-such-user-4711/notes.txt" } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "--allow-path", box.home, "-p", "read it"], box);
    expect(run.code).toBe(0);
    const [end] = toolEnds(run.stdout);
    expect(end!.result.error?.code).toBe("INVALID_PARAM");
    expect(end!.result.text).toContain('no user "no-such-user-4711"');
    expect(run.stdout).not.toContain("HOME-NOTES-31");
  });

  it("settings allowedPaths with an unknown ~user warn and grant nothing", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({ allowedPaths: ["~no-such-user-4711/shared"] }),
    );
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('allowedPaths entry "~no-such-user-4711/shared" was ignored');
  });

  it("--allow-path with a quoted ~ is expanded; an unknown ~user is a usage error", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const notes = path.join(box.home, "notes.txt");
    writeFileSync(notes, "HOME-NOTES-77\n");
    mock.enqueue([
      toolCallResponse([{ id: "toolu_home", name: "read", arguments: { path: notes } }]),
      textResponse("done"),
    ]);
    const allowed = await runGong(["--mode", "json", "--allow-path", "~", "-p", "read"], box);
    expect(allowed.code).toBe(0);
    expect(toolEnds(allowed.stdout)[0]!.result.status).toBe("success");

    const refused = await runGong(["--allow-path", "~no-such-user-4711/x", "-p", "hi"], box);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "--allow-path ~no-such-user-4711/x: Cannot expand ~no-such-user-4711",
    );
  });
});
