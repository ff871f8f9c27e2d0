import { writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive } from "@gong/testing";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageServers } from "../src/language-servers.js";
import { createLspTool } from "../src/lsp-tool.js";
import { languageServerEntries } from "../src/server-entries.js";
import { serverEnv, THREE_FILES, tempProject } from "./project.js";

const open: LanguageServers[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((servers) => servers.close()));
});

function servers(cwd: string, warnings: string[] = [], settings = {}, diagnosticsWaitMs = 120_000) {
  const created = new LanguageServers({
    cwd,
    env: serverEnv(),
    entries: languageServerEntries(settings, (m) => warnings.push(m)),
    configured: Object.keys(settings),
    warn: (message) => warnings.push(message),
    // A bound far above any machine's time: the tests wait for the answer, not a clock.
    diagnosticsWaitMs,
  });
  open.push(created);
  return created;
}

describe("lsp — diagnostics after a change (typescript-language-server)", () => {
  it("names a type error the change made, with its line; fixing it clears it", async () => {
    const cwd = tempProject(THREE_FILES);
    const lsp = servers(cwd);
    const file = path.join(cwd, "src/use.ts");
    const before = await lsp.before(file);
    expect(before).toEqual([]);
    writeFileSync(file, 'import { add } from "./math.js";\n\nexport const three: number = "3";\n');
    const broken = await lsp.afterChange(file, before);
    expect(broken?.complete).toBe(true);
    const errors = broken?.diagnostics.filter((d) => d.severity === "error") ?? [];
    expect(errors).toMatchObject([{ file, line: 3, code: "TS2322" }]);
    expect(errors[0]?.preExisting).toBeUndefined();

    writeFileSync(
      file,
      'import { add } from "./math.js";\n\nexport const three: number = add(1, 2);\n',
    );
    const fixed = await lsp.afterChange(file, errors);
    expect(fixed?.diagnostics.filter((d) => d.file === file && d.severity === "error")).toEqual([]);
  });

  it("an edit that leaves a clean file clean is answered, not waited out (the server does not publish again)", async () => {
    const cwd = tempProject(THREE_FILES);
    // A bound past the hang guard: before pull diagnostics this test could only time out.
    const lsp = servers(cwd, [], {}, 3_600_000);
    const file = path.join(cwd, "src/math.ts");
    expect(await lsp.before(file)).toEqual([]);
    writeFileSync(
      file,
      "export function add(a: number, b: number): number {\n  return b + a;\n}\n",
    );
    expect(await lsp.afterChange(file, [])).toEqual({
      complete: true,
      server: "typescript",
      diagnostics: [],
    });
  });

  it("marks an error that was there before the change", async () => {
    const cwd = tempProject({ ...THREE_FILES, "src/old.ts": "export const x: number = 'old';\n" });
    const lsp = servers(cwd);
    const file = path.join(cwd, "src/old.ts");
    const before = await lsp.before(file);
    expect(before?.map((d) => d.code)).toEqual(["TS2322"]);
    writeFileSync(file, "\nexport const x: number = 'old';\nexport const y: string = 1;\n");
    const after = await lsp.afterChange(file, before);
    expect(after?.diagnostics.map((d) => [d.line, d.preExisting ?? false])).toEqual([
      [2, true],
      [3, false],
    ]);
  });

  it("ends the server's processes on close", async () => {
    const cwd = tempProject(THREE_FILES);
    const lsp = servers(cwd);
    await lsp.before(path.join(cwd, "src/math.ts"));
    const pid = lsp.status().find((row) => row.name === "typescript")?.pid;
    expect(pid).toBeTypeOf("number");
    await lsp.close();
    expect(isProcessAlive(pid as number)).toBe(false);
    expect(lsp.status().find((row) => row.name === "typescript")?.state).toBe("stopped");
  });
});

describe("lsp — the lsp tool in a 3-file project", () => {
  it("definition of add at its call site is math.ts line 1", async () => {
    const cwd = tempProject(THREE_FILES);
    const tool = createLspTool({ cwd, servers: servers(cwd), boundMs: 120_000 });
    const result = await tool.execute(
      { operation: "definition", path: "src/use.ts", line: 3, character: 30 },
      { cwd },
    );
    expect(result.status).toBe("success");
    expect(result.data.matches).toMatchObject([{ file: "src/math.ts", line: 1, column: 17 }]);
    expect(result.text).toContain("src/math.ts:1:17: export function add");
  });

  it("references of add are its definition and the four uses in three files", async () => {
    const cwd = tempProject(THREE_FILES);
    const tool = createLspTool({ cwd, servers: servers(cwd), boundMs: 120_000 });
    const result = await tool.execute(
      { operation: "references", path: "src/math.ts", line: 1, character: 17 },
      { cwd },
    );
    expect(result.status).toBe("success");
    const places = (result.data.matches as Array<{ file: string; line: number }>)
      .map((m) => `${m.file}:${m.line}`)
      .sort();
    expect(places).toEqual([
      "src/main.ts:1",
      "src/main.ts:4",
      "src/math.ts:1",
      "src/use.ts:1",
      "src/use.ts:3",
    ]);
  });

  it("refuses a path outside the project (path policy)", async () => {
    const cwd = tempProject(THREE_FILES);
    const tool = createLspTool({ cwd, servers: servers(cwd), boundMs: 120_000 });
    const result = await tool.execute({ operation: "symbols", path: "/etc/hostname" }, { cwd });
    expect(result.error?.code).toBe("ACCESS_DENIED");
  });
});

describe("lsp — python (pyright-langserver)", () => {
  it("reports a type error in a changed Python file", async () => {
    const cwd = tempProject({
      "pyproject.toml": "",
      "app.py": "def f(x: int) -> int:\n    return x\n",
    });
    const lsp = servers(cwd);
    const file = path.join(cwd, "app.py");
    const before = await lsp.before(file);
    writeFileSync(file, 'def f(x: int) -> int:\n    return x\n\nf("no")\n');
    const after = await lsp.afterChange(file, before);
    expect(after?.server).toBe("python");
    expect(after?.diagnostics.filter((d) => d.severity === "error").map((d) => d.line)).toEqual([
      4,
    ]);
  });
});

describe("lsp — a server that cannot run", () => {
  it("a configured command that does not exist is one warning and no diagnostics", async () => {
    const cwd = tempProject(THREE_FILES);
    const warnings: string[] = [];
    const lsp = servers(cwd, warnings, { typescript: { command: "no-such-language-server" } });
    const file = path.join(cwd, "src/math.ts");
    expect(await lsp.before(file)).toBeUndefined();
    expect(await lsp.afterChange(file, undefined)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('command "no-such-language-server" not found');
  });
});
