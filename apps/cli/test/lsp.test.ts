import {
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox, waitFor, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/**
 * typescript-language-server, a dev dependency of @gong/lsp: not of this app, whose tests
 * would then all find it on PATH (pnpm puts node_modules/.bin there) and start it.
 */
const DEV_BIN = fileURLToPath(new URL("../../../packages/lsp/node_modules/.bin", import.meta.url));

const THREE_FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext" },
  }),
  "package.json": JSON.stringify({ name: "three", type: "module" }),
  "src/math.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "src/use.ts": 'import { add } from "./math.js";\n\nexport const three: number = add(1, 2);\n',
  "src/main.ts":
    'import { add } from "./math.js";\nimport { three } from "./use.js";\n\nconsole.log(add(three, 4));\n',
};

/** A sandbox with the 3-file project, the dev server on PATH and a wait no machine reaches. */
function tsProject(settings: Record<string, unknown> = {}): Sandbox {
  const box = sandbox(mock.anthropicBaseUrl);
  for (const [name, text] of Object.entries(THREE_FILES)) {
    mkdirSync(path.dirname(path.join(box.cwd, name)), { recursive: true });
    writeFileSync(path.join(box.cwd, name), text);
  }
  box.env.PATH = `${DEV_BIN}${path.delimiter}${box.env.PATH ?? ""}`;
  writeSettings(box.gongHome, { lspDiagnosticsWaitMs: 120_000, ...settings });
  return box;
}

type ToolEnd = {
  toolName: string;
  result: { status: string; text: string; data: Record<string, unknown> };
};

function toolEnds(stdout: string): ToolEnd[] {
  return jsonLines(stdout).filter((e) => e.type === "tool_execution_end") as unknown as ToolEnd[];
}

/** The json mode's warning lines. */
function warningsOf(stdout: string): string[] {
  return jsonLines(stdout)
    .filter((e) => e.type === "warning")
    .map((e) => String(e.message));
}

/** Processes whose working directory is inside `folder` (a language server and its tsserver). */
function processesIn(folder: string): string[] {
  const real = realpathSync(folder);
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      // A zombie has ended; only its parent's reaping is left.
      if (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z")) continue;
      if (cwd === real || cwd.startsWith(`${real}/`)) found.push(pid);
    } catch {
      // Gone, or not ours to look at.
    }
  }
  return found;
}

describe("lsp — diagnostics after an edit, through gong -p (typescript-language-server)", () => {
  it("an edit that makes a type error names it with its line; the fix clears it; no server is left running", async () => {
    const box = tsProject();
    mock.enqueue([
      toolCallResponse([
        {
          name: "edit",
          arguments: { path: "src/use.ts", oldText: "add(1, 2)", newText: '"3"' },
        },
      ]),
      toolCallResponse([
        {
          name: "edit",
          arguments: { path: "src/use.ts", oldText: '"3"', newText: "add(1, 2)" },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "break it, then fix it"], box);
    expect(run.code, run.stderr).toBe(0);
    const [broken, fixed] = toolEnds(run.stdout);
    expect(broken?.result.status).toBe("success");
    expect(broken?.result.text).toContain("src/use.ts:3:14 error TS2322:");
    expect(broken?.result.data.diagnostics).toMatchObject([
      { file: "src/use.ts", line: 3, severity: "error", code: "TS2322" },
    ]);
    // The model saw it too: the tool result of the next request.
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("error TS2322");
    expect(fixed?.result.data.diagnostics).toEqual([]);
    expect(fixed?.result.text).toContain("Language server (typescript): no errors in src/use.ts.");
    // Killed processes take a moment to go: wait for it (the hang guard fails a leak).
    await waitFor(() => processesIn(box.cwd).length === 0);
  });

  it("definition and references of a function in a 3-file project give the right places", async () => {
    const box = tsProject();
    mock.enqueue([
      toolCallResponse([
        {
          name: "lsp",
          arguments: { operation: "definition", path: "src/main.ts", line: 4, character: 13 },
        },
      ]),
      toolCallResponse([
        {
          name: "lsp",
          arguments: { operation: "references", path: "src/math.ts", line: 1, character: 17 },
        },
      ]),
      textResponse("found"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "where is add"], box);
    expect(run.code, run.stderr).toBe(0);
    const offered =
      (mock.requests[0]?.body as { tools: { name: string }[] } | undefined)?.tools ?? [];
    expect(offered.map((tool) => tool.name)).toContain("lsp");
    const [definition, references] = toolEnds(run.stdout);
    expect(definition?.result.data.matches).toMatchObject([
      { file: "src/math.ts", line: 1, column: 17 },
    ]);
    const places = ((references?.result.data.matches ?? []) as { file: string; line: number }[])
      .map((m) => `${m.file}:${m.line}`)
      .sort();
    expect(places).toEqual([
      "src/main.ts:1",
      "src/main.ts:4",
      "src/math.ts:1",
      "src/use.ts:1",
      "src/use.ts:3",
    ]);
    expect(references?.result.text).toContain(
      "src/use.ts:3:30: export const three: number = add(1, 2);",
    );
  });

  it("a bash command that changes a file the server has open reports the new error", async () => {
    const box = tsProject();
    mock.enqueue([
      // The edit opens the file in the server (a read only starts it, without waiting).
      toolCallResponse([
        {
          name: "edit",
          arguments: { path: "src/use.ts", oldText: "add(1, 2)", newText: "add(2, 1)" },
        },
      ]),
      toolCallResponse([
        { name: "bash", arguments: { command: "sed -i 's/add(2, 1)/\"3\"/' src/use.ts" } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "change it with sed"], box);
    expect(run.code, run.stderr).toBe(0);
    const bash = toolEnds(run.stdout).find((end) => end.toolName === "bash");
    expect(bash?.result.text).toContain("src/use.ts:3:14 error TS2322:");
    expect(bash?.result.data.diagnostics).toMatchObject([{ file: "src/use.ts", line: 3 }]);
  });

  it("a server command that does not exist is one warning, and edits go on as before", async () => {
    const box = tsProject({ lsp: { typescript: { command: "no-such-language-server" } } });
    mock.enqueue([
      toolCallResponse([
        { name: "edit", arguments: { path: "src/use.ts", oldText: "add(1, 2)", newText: '"3"' } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "edit it"], box);
    expect(run.code, run.stderr).toBe(0);
    const warnings = warningsOf(run.stdout).filter((line) =>
      line.includes("no-such-language-server"),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('command "no-such-language-server" not found');
    const [edit] = toolEnds(run.stdout);
    expect(edit?.result.status).toBe("success");
    expect(edit?.result.text).toContain("Successfully replaced");
    expect(edit?.result.text).not.toContain("Language server");
    // No server can run: the lsp tool is not offered.
    const offered =
      (mock.requests[0]?.body as { tools: { name: string }[] } | undefined)?.tools ?? [];
    expect(offered.map((tool) => tool.name)).not.toContain("lsp");
  });

  it("an untrusted project's .gong/settings.json lsp entry is not run", async () => {
    const box = tsProject();
    const marker = path.join(box.cwd, "ran");
    writeSettings(path.join(box.cwd, ".gong"), {
      lsp: { typescript: { command: "/bin/sh", args: ["-c", `touch ${marker}`] } },
    });
    mock.enqueue([
      toolCallResponse([{ name: "read", arguments: { path: "src/use.ts" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "-p", "read it"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(warningsOf(run.stdout).join("\n")).toContain("skipped lsp from .gong/settings.json");
    expect(readdirSync(box.cwd)).not.toContain("ran");
  });
});
