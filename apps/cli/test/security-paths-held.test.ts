import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { startSwapLoop, swapRaceUnavailable } from "@gong/testing/swap-race";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

interface ToolEnd {
  type: string;
  toolName: string;
  result: { status: string; error?: { code: string }; text: string; data: Record<string, unknown> };
}

function toolEnds(stdout: string): ToolEnd[] {
  return jsonLines(stdout).filter((line) => line.type === "tool_execution_end") as never;
}

const unavailable = swapRaceUnavailable();

// Issue 21.3: a loop exchanging `d` and `dswap -> ../outside` made writes to
// d/victim.txt overwrite the outside file and leave temp files there, and grep, find
// and ls on `d` return what is outside (42/200, 33/200, 4/200 in the attack).
describe.skipIf(unavailable)(
  `security — a folder swapped for a symlink escapes the path policy (gong binary)${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    it("under a RENAME_EXCHANGE loop, 100 writes and 150 greps, finds and lists of d leak nothing", async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-swap-outside-")));
      try {
        writeFileSync(path.join(outside, "victim.txt"), "OUTSIDE-SECRET\n");
        writeFileSync(path.join(outside, "outside-only.txt"), "OUTSIDE-SECRET\n");
        mkdirSync(path.join(box.cwd, "d"));
        writeFileSync(path.join(box.cwd, "d", "victim.txt"), "inside\n");
        symlinkSync(outside, path.join(box.cwd, "dswap"));
        const writes = Array.from({ length: 100 }, (_, i) => ({
          id: `toolu_w${i}`,
          name: "write",
          arguments: { path: "d/victim.txt", content: `inside ${i}\n` },
        }));
        const looks = Array.from({ length: 50 }, (_, i) => [
          { id: `toolu_g${i}`, name: "grep", arguments: { pattern: "SECRET", path: "d" } },
          { id: `toolu_f${i}`, name: "find", arguments: { pattern: "*", path: "d" } },
          { id: `toolu_l${i}`, name: "ls", arguments: { path: "d" } },
        ]).flat();
        mock.enqueue([toolCallResponse(writes), toolCallResponse(looks), textResponse("done")]);
        const loop = await startSwapLoop(path.join(box.cwd, "d"), path.join(box.cwd, "dswap"));
        let run: Awaited<ReturnType<typeof runGong>>;
        try {
          run = await runGong(["--mode", "json", "-p", "go"], box);
        } finally {
          await loop.stop();
        }
        expect(run.code).toBe(0);
        const ends = toolEnds(run.stdout);
        expect(ends).toHaveLength(250);
        const leaked = ends.filter(
          (end) =>
            end.result.text.includes("OUTSIDE-SECRET") || end.result.text.includes("outside-only"),
        );
        expect(leaked.map((end) => end.toolName)).toEqual([]);
        expect(readdirSync(outside).sort()).toEqual(["outside-only.txt", "victim.txt"]);
        expect(readFileSync(path.join(outside, "victim.txt"), "utf8")).toBe("OUTSIDE-SECRET\n");
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
    });
  },
);

// Issue 21.16: the NUL was dropped and `..` after it walked back into the project.
describe("security — a NUL in a path is INVALID_PARAM (gong binary)", () => {
  it('write("ok.txt\\0../../outside/victim.txt") writes nothing and says why', async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_nul",
          name: "write",
          arguments: { path: "ok.txt\u0000../../outside/victim.txt", content: "planted" },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "write it"], box);
    expect(run.code).toBe(0);
    const [end] = toolEnds(run.stdout);
    expect(end!.result.error?.code).toBe("INVALID_PARAM");
    expect(end!.result.text).toContain("NUL character");
    expect(readdirSync(box.cwd)).toEqual([]);
  });
});

// Issue 21.18: find split a name holding a newline into two bogus entries.
describe("find — a name with a newline stays one entry (gong binary)", () => {
  it("the listing shows it JSON-quoted, data.paths as it is", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a\nb.txt"), "x\n");
    writeFileSync(path.join(box.cwd, "plain.txt"), "x\n");
    mock.enqueue([
      toolCallResponse([{ id: "toolu_find", name: "find", arguments: { pattern: "*.txt" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "find"], box);
    const [end] = toolEnds(run.stdout);
    expect(end!.result.data.paths).toEqual(["a\nb.txt", "plain.txt"]);
    expect(end!.result.text).toContain('"a\\nb.txt"\nplain.txt');
    expect(end!.result.text.split("\n")).not.toContain("b.txt");
  });
});

// Issue 21 "the edit rule": wave 2's exact-first match edited line 2 here.
describe("edit — trailing whitespace of a complete line hides a second occurrence (gong binary)", () => {
  it('"hello\\n" in "hello   \\nhello\\n" is Found 2 occurrences; "x = 1 " stays exact', async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), "hello   \nhello\n");
    writeFileSync(path.join(box.cwd, "b.txt"), "x = 1 + y\nx = 10\n");
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_ra", name: "read", arguments: { path: "a.txt" } },
        { id: "toolu_rb", name: "read", arguments: { path: "b.txt" } },
      ]),
      toolCallResponse([
        {
          id: "toolu_ea",
          name: "edit",
          arguments: { path: "a.txt", oldText: "hello\n", newText: "bye\n" },
        },
        {
          id: "toolu_eb",
          name: "edit",
          arguments: { path: "b.txt", oldText: "x = 1 ", newText: "x = 2 " },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "edit"], box);
    const edits = toolEnds(run.stdout).filter((end) => end.toolName === "edit");
    expect(edits[0]!.result.error?.code).toBe("AMBIGUOUS_MATCH");
    expect(edits[0]!.result.text).toContain("Found 2 occurrences");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("hello   \nhello\n");
    expect(edits[1]!.result.status).toBe("success");
    expect(readFileSync(path.join(box.cwd, "b.txt"), "utf8")).toBe("x = 2 + y\nx = 10\n");
  });
});

// Issue 21.17, decided: hard links are read like any file the project holds (README
// "Path policy"), but a write never carries a change out through one.
describe("security — a hard link to a file outside (gong binary)", () => {
  it("write replaces the project's name and leaves the outside file's bytes alone", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const original = path.join(path.dirname(box.cwd), "outside-config.txt");
    writeFileSync(original, "value = outside\n");
    linkSync(original, path.join(box.cwd, "linked.txt"));
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_w", name: "write", arguments: { path: "linked.txt", content: "planted\n" } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "write"], box);
    const [end] = toolEnds(run.stdout);
    expect(end!.result.status).toBe("success");
    expect(readFileSync(path.join(box.cwd, "linked.txt"), "utf8")).toBe("planted\n");
    expect(readFileSync(original, "utf8")).toBe("value = outside\n");
  });
});
