/** A small TypeScript project in a temp folder, and the env that finds the dev servers. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** This package's node_modules/.bin: typescript-language-server and pyright (dev dependencies). */
export const DEV_BIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../node_modules/.bin",
);

export function serverEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${DEV_BIN}${path.delimiter}${process.env.PATH ?? ""}` };
}

export function tempProject(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "gong-lsp-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

/** Three files: `math.ts` defines `add`, `use.ts` and `main.ts` call it. */
export const THREE_FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext" },
  }),
  "package.json": JSON.stringify({ name: "three", type: "module" }),
  "src/math.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "src/use.ts": 'import { add } from "./math.js";\n\nexport const three: number = add(1, 2);\n',
  "src/main.ts":
    'import { add } from "./math.js";\nimport { three } from "./use.js";\n\nconsole.log(add(three, 4));\n',
};
