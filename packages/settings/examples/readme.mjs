import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { discoverResources, loadSettings } from "@gong/settings";

// A gong home (your ~/.gong) and a project, each with a settings file and an AGENTS.md.
const root = mkdtempSync(path.join(tmpdir(), "settings-example-"));
const gongHome = path.join(root, "home");
const cwd = path.join(root, "project");
mkdirSync(path.join(cwd, ".gong"), { recursive: true });
mkdirSync(gongHome);
writeFileSync(
  path.join(gongHome, "settings.json"),
  '{ "defaultModel": "sonnet", "outputLevel": "brief" }',
);
writeFileSync(
  path.join(cwd, ".gong", "settings.json"),
  '{ "outputLevel": "full", "retry": { "maxRetries": "3" } }',
);
writeFileSync(path.join(cwd, "AGENTS.md"), "Run pnpm test before you commit.");

const { settings, warnings } = loadSettings({ cwd, gongHome, env: { HOME: root } });
console.log(settings.defaultModel, settings.outputLevel); // the project's value wins
for (const warning of warnings) console.log(warning); // the bad key is dropped, the rest applies
const { contextFiles } = discoverResources({ cwd, gongHome, home: root });
for (const file of contextFiles) console.log(path.basename(file.path), file.content);
rmSync(root, { recursive: true, force: true });
