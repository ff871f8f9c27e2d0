import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { toolCallSummary } from "@gong/render";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

describe("HTML export — robust rendering, through gong --export", () => {
  it("removed `-- comment` / added `++i;` lines are classified, the diff shows once, Markdown is rendered and its HTML escaped", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.c"), "-- comment\nx = 1;\n");
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_e",
          name: "edit",
          arguments: { path: "a.c", oldText: "-- comment\n", newText: "++i;\n" },
        },
      ]),
      textResponse("Replaced with **`++i;`**.\n\n<script>alert(1)</script>"),
    ]);
    const run = await runGong(["--mode", "json", "fix a.c"], box);
    expect(run.code).toBe(0);
    const id = jsonLines(run.stdout)[0]!.id as string;
    const out = path.join(box.cwd, "session.html");
    const exported = await runGong(["--export", id, out], box);
    expect(exported.code).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(html).toContain('<span class="diff-line diff-del">--- comment</span>');
    expect(html).toContain('<span class="diff-line diff-add">+++i;</span>');
    expect(html.split("--- comment")).toHaveLength(2);
    expect(html).toContain("<strong><code>++i;</code></strong>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<script/);
  });

  it("a failed edit shows its error and no diff; an applied one its diff without the raw arguments; bash output starts open", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), "alpha\n");
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_bad",
          name: "edit",
          arguments: { path: "a.txt", oldText: "not there\n", newText: "never written\n" },
        },
      ]),
      toolCallResponse([
        {
          id: "toolu_good",
          name: "edit",
          arguments: { path: "a.txt", oldText: "alpha\n", newText: "beta\n" },
        },
      ]),
      toolCallResponse([{ id: "toolu_sh", name: "bash", arguments: { command: "echo said-hi" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "edit a.txt"], box);
    expect(run.code).toBe(0);
    const id = jsonLines(run.stdout)[0]!.id as string;
    const out = path.join(box.cwd, "session.html");
    expect((await runGong(["--export", id, out], box)).code).toBe(0);
    const html = readFileSync(out, "utf8");
    const blocks = html.split('<details class="tool-call').slice(1);
    const [failed, applied, bash] = blocks;
    expect(failed).toMatch(/^ failed" open>/);
    expect(failed).not.toContain("diff-line");
    expect(failed).not.toContain(">Diff<");
    expect(failed).toContain('<div class="label">Error</div><pre class="tool-output error-text">');
    expect(applied).toContain('<span class="diff-line diff-add">+beta</span>');
    expect(applied).not.toContain("tool-args");
    expect(applied).not.toContain("&quot;oldText&quot;");
    expect(bash).toMatch(/^" open>/);
    expect(bash).toContain("said-hi");
  });

  it("each call is titled by its name and the summary every face shows (toolCallSummary)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), "alpha\n");
    const bash = { command: "echo one;\n  echo two" };
    const grep = { path: ".", pattern: "alpha" };
    mock.enqueue([
      toolCallResponse([{ id: "toolu_sh", name: "bash", arguments: bash }]),
      toolCallResponse([{ id: "toolu_gr", name: "grep", arguments: grep }]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "look"], box);
    expect(run.code).toBe(0);
    const id = jsonLines(run.stdout)[0]!.id as string;
    const out = path.join(box.cwd, "session.html");
    expect((await runGong(["--export", id, out], box)).code).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(toolCallSummary("bash", bash)).toBe("echo one; echo two");
    expect(html).toContain("<summary>bash echo one; echo two</summary>");
    expect(html).toContain(`<summary>grep ${toolCallSummary("grep", grep)}</summary>`);
    expect(html).toContain("<summary>grep alpha</summary>");
  });

  it("--export onto an existing file refuses (exit 1) and keeps the file", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("Exported answer.")]);
    const run = await runGong(["--mode", "json", "hi"], box);
    const id = jsonLines(run.stdout)[0]!.id as string;
    const out = path.join(box.cwd, "notes.html");
    writeFileSync(out, "my own notes\n");
    const exported = await runGong(["--export", id, out], box);
    expect(exported.code).toBe(1);
    expect(exported.stderr).toContain(
      `gong: ${out} already exists; remove it or pick another output path.`,
    );
    expect(readFileSync(out, "utf8")).toBe("my own notes\n");
  });

  it('--export <id> -p "x" is a usage error (exit 2), not an output file named x', async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--export", "0199", "-p", "x"], box);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--export .*cannot be combined with -p/);
    expect(existsSync(path.join(box.cwd, "x"))).toBe(false);
  });
});
