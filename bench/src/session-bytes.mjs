// `node src/session-bytes.mjs [turns]`: runs the scripted session once per CLI, keeps
// both session files in results/sessions/ and prints their bytes by entry type and field
// side by side: where a file is bigger than the other's, and what a new encoding saves.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlmServer } from "@gong/testing";
import { runAgent } from "./agents.mjs";
import { agentWithProject, createScript } from "./script.mjs";
import { sessionFileIn } from "./sessions.mjs";

const bytes = (value) => Buffer.byteLength(JSON.stringify(value));
/** `"key":value,` as it takes room in its object. */
const fieldBytes = (key, value) => bytes({ [key]: value }) - 1;

/**
 * Bytes of a JSONL session by `<entry type or message role>.<field>`, the fields of
 * `message` (its `details` one level down, its content by part type) as `.message.<field>`.
 */
export function bytesByField(text) {
  const sizes = new Map([["total (bytes)", Buffer.byteLength(text)]]);
  const add = (name, n) => sizes.set(name, (sizes.get(name) ?? 0) + n);
  for (const line of text.split("\n").filter(Boolean)) {
    const record = JSON.parse(line);
    const kind = record.type === "message" ? `message/${record.message.role}` : record.type;
    add(`${kind} (lines)`, 1);
    add(`${kind} (bytes)`, Buffer.byteLength(line) + 1);
    for (const [key, value] of Object.entries(record)) {
      if (key !== "message") add(`${kind}.${key}`, fieldBytes(key, value));
      else for (const [inner, v] of Object.entries(value)) addMessageField(add, kind, inner, v);
    }
  }
  return sizes;
}

function addMessageField(add, kind, key, value) {
  if (key === "details" && value && typeof value === "object") {
    for (const [inner, v] of Object.entries(value))
      add(`${kind}.message.details.${inner}`, fieldBytes(inner, v));
  } else if (key === "content" && Array.isArray(value)) {
    for (const part of value) add(`${kind}.message.content ${part.type}`, bytes(part) + 1);
  } else add(`${kind}.message.${key}`, fieldBytes(key, value));
}

async function keepSessionFiles(turns, out) {
  const root = mkdtempSync(path.join(tmpdir(), "gong-bench-bytes-"));
  const mock = await startMockLlmServer();
  try {
    for (const name of ["gong", "pi"]) {
      const { agent, cwd, sessions } = agentWithProject(name, root, mock);
      mock.setFallback(createScript(turns).responder);
      const args = agent.args(["-p", "--session-dir", sessions, "work through the script"]);
      await runAgent(agent, args, { cwd });
      copyFileSync(sessionFileIn(sessions), path.join(out, `${name}.jsonl`));
    }
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = path.join(here, "..", "results", "sessions");
  mkdirSync(out, { recursive: true });
  await keepSessionFiles(Number(process.argv[2] ?? 50), out);
  const [gong, pi] = ["gong", "pi"].map((name) =>
    bytesByField(readFileSync(path.join(out, `${name}.jsonl`), "utf8")),
  );
  const names = [...new Set([...gong.keys(), ...pi.keys()])].sort();
  console.log(`${"field".padEnd(50)}${"gong".padStart(8)}${"pi".padStart(8)}`);
  for (const name of names)
    console.log(
      `${name.padEnd(50)}${String(gong.get(name) ?? "").padStart(8)}${String(pi.get(name) ?? "").padStart(8)}`,
    );
  console.log(`files in ${out}`);
}
