import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
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
