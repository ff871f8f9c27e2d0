// Language server rows: an edit's result with the diagnostics wait (typescript-language-server,
// warm, a 200-file TypeScript project) beside the same edit without a server, and the
// memory of the server's processes (typescript-language-server and its tsserver).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LanguageServers, languageServerEntries, withLanguageServers } from "@gong/lsp";
import { createCodingTools, runTool } from "@gong/tools";
import { interleave } from "./measure.mjs";

const FILES = 200;
const DEV_BIN = fileURLToPath(new URL("../../packages/lsp/node_modules/.bin", import.meta.url));

/** `mod<i>.ts` imports `mod<i-1>.ts`: each change has importers, as in a real project. */
function tsProject() {
  const root = mkdtempSync(path.join(tmpdir(), "gong-bench-lsp-"));
  mkdirSync(path.join(root, "src"));
  writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext" },
    }),
  );
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "bench", type: "module" }));
  for (let i = 0; i < FILES; i++) {
    const previous = i === 0 ? "" : `import { value${i - 1} } from "./mod${i - 1}.js";\n`;
    const body = i === 0 ? "1" : `value${i - 1}(n) + 1`;
    const lines = Array.from({ length: 40 }, (_, k) => `export const c${i}_${k}: number = ${k};`);
    writeFileSync(
      path.join(root, "src", `mod${i}.ts`),
      `${previous}export const EDIT_TARGET = 0;\n${lines.join("\n")}\nexport function value${i}(n: number): number {\n  return ${body};\n}\n`,
    );
  }
  return root;
}

/** Resident memory (MiB) of every process in the group `pgid`. */
function groupRssMiB(pgid) {
  let kib = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      kib += Number(rss?.[1] ?? 0);
    } catch {
      // Ended meanwhile.
    }
  }
  return kib / 1024;
}

/** `reps`: interleaved rounds. */
export async function benchLsp(reps, log) {
  const root = tsProject();
  const env = { ...process.env, PATH: `${DEV_BIN}${path.delimiter}${process.env.PATH}` };
  const servers = new LanguageServers({
    cwd: root,
    env,
    entries: languageServerEntries(undefined, log),
    warn: log,
    // The cold start (a 200-file project on a busy machine) may take longer than the
    // default 3 s; the timed edits are warm, and their time is what is measured.
    diagnosticsWaitMs: 120_000,
  });
  try {
    const tools = createCodingTools({ cwd: root, outputDir: path.join(root, ".tool-output") });
    const edit = tools.find((tool) => tool.name === "edit");
    const withServer = withLanguageServers(edit, servers, root);
    let n = 0;
    const editOnce = (tool, file) => async () => {
      n++;
      const started = performance.now();
      const result = await runTool(
        tool,
        {
          path: file,
          edits: [
            {
              oldText: /EDIT_TARGET = \d+;/.exec(readFileSync(path.join(root, file), "utf8"))[0],
              newText: `EDIT_TARGET = ${n};`,
            },
          ],
        },
        { cwd: root },
      );
      const ms = performance.now() - started;
      if (result.status === "error") throw new Error(result.text);
      if (tool === withServer && !Array.isArray(result.data.diagnostics))
        throw new Error(`no diagnostics in the result: ${result.text}`);
      return ms;
    };
    // Warm: the server has started and loaded the project before the timed rounds.
    const warm = await servers.before(path.join(root, "src/mod100.ts"));
    if (warm === undefined) throw new Error("typescript-language-server did not answer");
    const result = await interleave(
      { gong: editOnce(withServer, "src/mod100.ts"), raw: editOnce(edit, "src/mod150.ts") },
      reps,
    );
    const pid = servers.status().find((row) => row.name === "typescript")?.pid;
    const rss = pid === undefined ? 0 : groupRssMiB(pid);
    const wait = result.gong.median - result.raw.median;
    return [
      {
        section: "lsp",
        name: `edit with diagnostics, warm, ${FILES}-file TS project (goal p50 ≤ 400 ms)`,
        ...result,
        rawLabel: "the same edit without a language server",
        note: `diagnostics wait ≈ ${wait.toFixed(0)} ms (median difference)`,
      },
      {
        section: "lsp",
        name: "typescript-language-server + tsserver memory after the edits",
        gong: { median: rss, min: rss, max: rss },
        unit: "MiB",
      },
    ];
  } finally {
    await servers.close();
  }
}
