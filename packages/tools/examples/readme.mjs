import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCodingTools, runTool } from "@gong/tools";

const cwd = mkdtempSync(join(tmpdir(), "project-")); // your project's folder
writeFileSync(join(cwd, "app.js"), "const port = 80;\n");

const tools = createCodingTools({ cwd });
const edit = tools.find((tool) => tool.name === "edit");
if (!edit) throw new Error("the default preset has edit");

const result = await runTool(
  edit,
  { path: "app.js", oldText: "port = 80", newText: "port = 8080" },
  { cwd },
);
console.log(result.status, result.text); // success Successfully replaced text in app.js. …diff…

const again = await runTool(edit, { path: "app.js", oldText: "port = 80;", newText: "" }, { cwd });
console.log(again.status, again.error?.code); // error NO_MATCH: expected failures are envelopes
