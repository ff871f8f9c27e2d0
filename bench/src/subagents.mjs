// Subagents: 4 `explore` tasks of 10 read calls each, in one message (run together) and
// in 4 messages (one after another), and the parent's context growth with tasks vs the
// parent doing the same 40 reads itself. Gong CLI against the local mock LLM server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMockLlmServer, textResponse, toolCallResponse } from "@gong/testing";
import { createAgent, MODEL_ID, runAgent } from "./agents.mjs";
import { attempt } from "./attempt.mjs";
import { interleave } from "./measure.mjs";
import { summarize } from "./stats.mjs";

const TASKS = 4;
const CALLS = 10;
/** Each file read is about this many characters (a small source file). */
const FILE_CHARS = 4_000;

/** `count` files per task: f<task>_<n>.txt, so every read is a real one. */
function makeProject(root) {
  const cwd = path.join(root, "project");
  mkdirSync(cwd, { recursive: true });
  const line = `${"x".repeat(79)}\n`;
  for (let task = 0; task < TASKS; task++)
    for (let n = 0; n < CALLS; n++)
      writeFileSync(path.join(cwd, `f${task}_${n}.txt`), line.repeat(FILE_CHARS / 80));
  return cwd;
}

const bodyOf = (request) => request.body;
const resultsIn = (request) =>
  (JSON.stringify(bodyOf(request)).match(/"type":"tool_result"/g) ?? []).length;
const subtaskOf = (request) =>
  /SUBTASK (\d+)/.exec(JSON.stringify(bodyOf(request).messages[0]))?.[1];

function task(index) {
  return {
    id: `toolu_task_${index}`,
    name: "task",
    arguments: {
      description: `read batch ${index}`,
      prompt: `SUBTASK ${index}: read the ${CALLS} files f${index}_*.txt and report what they hold.`,
      subagent_type: "explore",
    },
  };
}

/**
 * The mock's answers: a subagent reads its 10 files one call per turn, then reports; the
 * parent asks for the 4 tasks in one message (`parallel`), one per message
 * (`sequential`), or reads all 40 files itself, 4 per turn (`direct`).
 */
function responder(shape, delay) {
  return (request) => {
    const done = resultsIn(request);
    const sub = subtaskOf(request);
    if (sub !== undefined) {
      if (done >= CALLS) return textResponse(`Batch ${sub}: ${CALLS} files of x.`, delay);
      const read = {
        id: `toolu_r${sub}_${done}`,
        name: "read",
        arguments: { path: `f${sub}_${done}.txt` },
      };
      return toolCallResponse([read], delay);
    }
    if (shape === "parallel")
      return done === 0
        ? toolCallResponse([0, 1, 2, 3].map(task), delay)
        : textResponse("done", delay);
    if (shape === "sequential")
      return done < TASKS ? toolCallResponse([task(done)], delay) : textResponse("done", delay);
    const turn = done / TASKS;
    if (turn >= CALLS) return textResponse("done", delay);
    const reads = [0, 1, 2, 3].map((t) => ({
      id: `toolu_d${t}_${turn}`,
      name: "read",
      arguments: { path: `f${t}_${turn}.txt` },
    }));
    return toolCallResponse(reads, delay);
  };
}

/** Tokens of the parent's last request beyond its first (≈ characters / 4). */
function parentGrowth(requests) {
  const parent = requests.filter((r) => subtaskOf(r) === undefined);
  const size = (r) => JSON.stringify(bodyOf(r).messages).length;
  return Math.round((size(parent.at(-1)) - size(parent[0])) / 4);
}

export async function benchSubagents(reps, log) {
  const root = mkdtempSync(path.join(tmpdir(), "gong-bench-subagents-"));
  const mock = await startMockLlmServer();
  const agent = createAgent("gong", root, mock, {});
  const cwd = makeProject(root);
  const rows = [];
  const run = async (shape, delay, tools) => {
    mock.reset();
    mock.setFallback(responder(shape, delay));
    const argv = ["--model", `anthropic/${MODEL_ID}`, "--tools", tools, "-p", "--no-session", "go"];
    const { ms } = await runAgent(agent, argv, { cwd, measureRss: false });
    const subagentCalls = mock.requests.filter((r) => subtaskOf(r) !== undefined).length;
    if (shape !== "direct" && subagentCalls !== TASKS * (CALLS + 1))
      throw new Error(`bench: ${subagentCalls} subagent requests, not ${TASKS * (CALLS + 1)}`);
    return { ms, growth: parentGrowth(mock.requests) };
  };
  const measure = (name, fn) => {
    log(`  ${name}`);
    return attempt(rows, "subagents", name, fn, log);
  };
  try {
    for (const [label, delay] of [
      ["instant mock", {}],
      ["100 ms per model answer", { eventDelayMs: 100, eventsPerDelay: 10_000 }],
    ]) {
      const name = `${TASKS} explore tasks × ${CALLS} reads, ${label}`;
      await measure(name, async () => {
        const timing = await interleave(
          {
            gong: () => run("parallel", delay, "read,task"),
            raw: () => run("sequential", delay, "read,task"),
          },
          reps,
        );
        rows.push({
          section: "subagents",
          name,
          gong: timing.gong,
          raw: timing.raw,
          rawLabel: "the 4 tasks one after another",
          against: { raw: 0.4 },
        });
      });
    }
    await measure("parent context growth, tokens", async () => {
      const withTasks = await run("parallel", {}, "read,task");
      const direct = await run("direct", {}, "read,task");
      rows.push({
        section: "subagents",
        name: "  parent context growth, tokens",
        unit: "tok",
        gong: summarize([withTasks.growth]),
        raw: summarize([direct.growth]),
        rawLabel: "the parent does the 40 reads itself",
      });
    });
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}
