// The scripted session both CLIs run: a small project, and a mock-LLM responder that
// answers turn after turn with read, grep, edit and bash calls (the same arguments for
// both agents), then "done". It records when each model call arrived.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { createAgent } from "./agents.mjs";
import { rawTools } from "./machine.mjs";

/**
 * Real providers report usage on every response, and agents lean on it (the context
 * size is the last usage plus an estimate of what came after): the mock reports some.
 */
const usage = { input: 1_200, output: 30 };

/** One agent of the comparison with its own fresh project and sessions folder under `root`. */
export function agentWithProject(name, root, mock) {
  const agent = createAgent(name, root, mock, rawTools());
  const cwd = path.join(root, `${name}-project`);
  const sessions = path.join(root, `${name}-sessions`);
  makeProject(cwd);
  return { agent, cwd, sessions };
}

/** A fresh small project in `dir`: the files the script reads, greps and edits. */
export function makeProject(dir) {
  mkdirSync(path.join(dir, "src"), { recursive: true });
  const app = Array.from(
    { length: 40 },
    (_, i) => `export function step${i}(input: number): number { return input + ${i}; }`,
  ).join("\n");
  writeFileSync(path.join(dir, "src", "app.ts"), `${app}\n`);
  writeFileSync(path.join(dir, "src", "counter.ts"), "export const counter = 0;\n");
  writeFileSync(path.join(dir, "src", "util.ts"), "export const counterName = 'counter';\n");
}

/** The counter value the script's edits left in the project. */
export function counterIn(dir) {
  return Number(
    /counter = (\d+)/.exec(readFileSync(path.join(dir, "src", "counter.ts"), "utf8"))[1],
  );
}

/**
 * A responder for `turns` model calls: turns-1 tool calls cycling read → grep → edit →
 * bash, then a final text; the edits count the project's counter up from `counter`.
 * `arrivals` holds when each call's headers arrived (ms), before the mock read its body;
 * `parses` how long the mock took to decode and parse each call's body (ms), its own work
 * inside the gap that call opens.
 */
export function createScript(turns, counter = 0) {
  const arrivals = [];
  const parses = [];
  let edits = 0;
  const call = (k) => {
    const id = `toolu_${String(k).padStart(4, "0")}`;
    switch (k % 4) {
      case 0:
        return { id, name: "read", arguments: { path: "src/app.ts" } };
      case 1:
        return { id, name: "grep", arguments: { pattern: "counter", path: "src" } };
      case 2: {
        const n = counter + edits++;
        const edit = { oldText: `counter = ${n};`, newText: `counter = ${n + 1};` };
        return { id, name: "edit", arguments: { path: "src/counter.ts", edits: [edit] } };
      }
      default:
        return { id, name: "bash", arguments: { command: "wc -l src/app.ts" } };
    }
  };
  const responder = (request) => {
    const k = arrivals.length;
    arrivals.push(request.receivedAt);
    parses.push(request.parsedAt - request.bodyReadAt);
    return k < turns - 1 ? toolCallResponse([call(k)], { usage }) : textResponse("done", { usage });
  };
  return { responder, arrivals, parses, edits: () => edits };
}

/** Milliseconds between consecutive model calls. */
export function gaps(arrivals) {
  return arrivals.slice(1).map((t, i) => t - arrivals[i]);
}

/** The gaps less the mock's own decoding and parsing of the body that opened each one. */
export function agentGaps(arrivals, parses) {
  return gaps(arrivals).map((gap, i) => gap - parses[i]);
}
