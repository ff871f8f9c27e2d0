// End to end: the Gong CLI and the pi CLI in print mode against one local mock LLM
// server (Anthropic SSE, instant answers), the same scripted session, interleaved runs.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMockLlmServer, textResponse } from "@gong/testing";
import { createAgent, runAgent } from "./agents.mjs";
import { attempt } from "./attempt.mjs";
import { interleave, timeCommand } from "./measure.mjs";
import { agentGaps, counterIn, createScript, gaps, makeProject } from "./script.mjs";
import { fileSize, growSession, sessionFileIn } from "./sessions.mjs";
import { slope, summarize } from "./stats.mjs";

/** Sides of a row built from per-run values picked out of interleave's runs. */
function pick(result, key) {
  return Object.fromEntries(
    Object.entries(result).map(([side, { runs }]) => [side, summarize(runs.map((r) => r[key]))]),
  );
}

/**
 * Runs every end-to-end row. `plan`: { turns, reps, coldReps, resumeEntries[],
 * historyMessages, historyTurns }. `sessionsOnly` keeps the rows about the session file:
 * the scripted session, its file size and the resumes. Returns { rows, scaling }.
 */
export async function benchEndToEnd(plan, bins, log, { sessionsOnly = false } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "gong-bench-e2e-"));
  const mock = await startMockLlmServer();
  const agents = {
    gong: createAgent("gong", root, mock, bins),
    pi: createAgent("pi", root, mock, bins),
  };
  const noCheckpoints = { name: "gong-no-checkpoints", settings: { checkpoints: false } };
  const gongNoCheckpoints = createAgent("gong", root, mock, bins, noCheckpoints);
  const rows = [];
  let runId = 0;
  const both = (fn) => ({ gong: () => fn(agents.gong), pi: () => fn(agents.pi) });
  // Each measurement that fails is a row with the reason; the next one still runs.
  const measure = (name, fn) => {
    log(`  ${name}`);
    return attempt(rows, "cli", name, fn, log);
  };
  try {
    if (!sessionsOnly) {
      await measure("cold start: --version", async () => {
        const version = await interleave(
          {
            ...both(async (agent) => {
              const { ms } = await runAgent(agent, ["--version"], {
                cwd: root,
                measureRss: false,
              });
              return ms;
            }),
            // The floor: Node starting and doing nothing (issue 39.1: ≤ 1.5× it).
            raw: () => timeCommand(process.execPath, ["-e", "0"], { cwd: root }),
          },
          plan.coldReps,
        );
        rows.push({
          section: "cli",
          name: "cold start: --version",
          ...version,
          rawLabel: "node -e 0",
          against: { pi: 0.1, raw: 1.5 },
        });
      });

      await measure("one-turn print (--no-session)", async () => {
        mock.setFallback(textResponse("ok"));
        const oneTurn = await interleave(
          both((agent) =>
            runAgent(agent, agent.args(["-p", "--no-session", "say ok"]), { cwd: root }),
          ),
          plan.coldReps,
        );
        rows.push({
          section: "cli",
          name: "one-turn print (--no-session)",
          ...oneTurn,
          against: { pi: 0.2 }, // issue 39.4
        });
        rows.push({
          section: "cli",
          name: "  peak RSS, MiB",
          unit: "MiB",
          ...pick(oneTurn, "rssMiB"),
        });
      });
    }

    // The scripted session, each run in a fresh project and session folder.
    const lastRun = {};
    const session = async (agent, turns, { resumeFrom } = {}) => {
      const dir = path.join(root, `run-${runId++}`);
      const cwd = resumeFrom?.cwd ?? path.join(dir, "project");
      const sessions = resumeFrom?.sessions ?? path.join(dir, "sessions");
      if (!resumeFrom) makeProject(cwd);
      const before = counterIn(cwd);
      const script = createScript(turns, before);
      mock.setFallback(script.responder);
      const flags = resumeFrom ? ["-c"] : [];
      const run = await runAgent(
        agent,
        agent.args([...flags, "-p", "--session-dir", sessions, "work through the script"]),
        { cwd },
      );
      // Honesty check: the edits really landed on disk.
      const after = counterIn(cwd);
      if (after - before !== script.edits())
        throw new Error(
          `bench: ${agent.name} applied ${after - before} of ${script.edits()} edits`,
        );
      if (script.arrivals.length !== turns)
        throw new Error(`bench: ${agent.name} made ${script.arrivals.length} of ${turns} calls`);
      const between = gaps(script.arrivals);
      const agentOnly = agentGaps(script.arrivals, script.parses);
      const file = sessionFileIn(sessions);
      lastRun[agent.name] = { cwd, sessions, file };
      return {
        ms: run.ms,
        rssMiB: run.rssMiB,
        firstGapMs: summarize(between.slice(0, 10)).median,
        lastGapMs: summarize(between.slice(-10)).median,
        firstAgentGapMs: summarize(agentOnly.slice(0, 10)).median,
        sessionKiB: fileSize(file) / 1024,
      };
    };

    const turnsName = `${plan.turns}-turn read/grep/edit/bash session`;
    let long;
    await measure(turnsName, async () => {
      long = await interleave(
        both((agent) => session(agent, plan.turns)),
        plan.reps,
      );
      // Issue 39.4: with checkpoints on, as a user runs it.
      rows.push({ section: "cli", name: turnsName, ...long, against: { pi: 0.4 } });
      rows.push({
        section: "cli",
        name: "  peak RSS, MiB",
        unit: "MiB",
        ...pick(long, "rssMiB"),
        against: { pi: 0.6 },
      });
      rows.push({
        section: "cli",
        name: "  time between model calls, first 10",
        ...pick(long, "firstGapMs"),
      });
      rows.push({
        section: "cli",
        name: "  time between model calls, last 10",
        ...pick(long, "lastGapMs"),
      });
      rows.push({
        section: "cli",
        name: "  session file size, KiB",
        unit: "KiB",
        ...pick(long, "sessionKiB"),
        against: { pi: 1.15 },
      });
    });

    if (!sessionsOnly) {
      // What the /rewind snapshots cost: the same session, Gong's settings `checkpoints: false`.
      const offName = "  the 50-turn session, Gong with checkpoints off";
      await measure(offName, async () => {
        if (!long) throw new Error("no session to compare: the scripted session was not measured");
        const off = await interleave(
          { gong: () => session(gongNoCheckpoints, plan.turns) },
          plan.reps,
        );
        const piRatio = off.gong.median / long.pi.median;
        const saved = long.gong.median - off.gong.median;
        rows.push({
          section: "cli",
          name: offName,
          ...off,
          self: { ratio: piRatio, target: 0.3, label: "pi" },
          note: `${piRatio.toFixed(2)}× pi's median; checkpoints cost ${saved.toFixed(0)} ms of Gong's ${long.gong.median.toFixed(0)} ms`,
        });
      });
    }

    // Equivalent big sessions: each agent's own file from the run above, grown.
    const grown = async (agent, entries, cache) => {
      if (!long) throw new Error("no session to grow: the scripted session was not measured");
      const source = lastRun[agent.name];
      const dir = path.join(root, `grown-${agent.name}-${entries}`);
      const sessions = path.join(dir, "sessions");
      mkdirSync(sessions, { recursive: true });
      const target = path.join(sessions, path.basename(source.file));
      if (!cache[agent.name]) {
        cache[agent.name] = path.join(dir, "master.jsonl");
        growSession(source.file, cache[agent.name], entries);
      }
      // Every run resumes the same file (a run appends to it).
      copyFileSync(cache[agent.name], target);
      return { cwd: source.cwd, sessions, file: target };
    };

    const scaling = { gong: [], pi: [] };
    for (const entries of plan.resumeEntries) {
      await measure(`resume -c, ${entries} entries`, async () => {
        const cache = {};
        mock.setFallback(textResponse("resumed"));
        const resume = await interleave(
          both(async (agent) => {
            const { cwd, sessions } = await grown(agent, entries, cache);
            const args = agent.args(["-c", "--session-dir", sessions, "-p", "continue"]);
            return runAgent(agent, args, { cwd });
          }),
          Math.max(3, Math.ceil(plan.reps / 2)),
        );
        rows.push({
          section: "cli",
          name: `resume -c, ${entries} entries`,
          ...resume,
          // Issue 39.4 sets it for 50 000 entries; the smaller ones show the trend.
          ...(entries >= 50_000 ? { against: { pi: 0.4 } } : {}),
        });
        rows.push({
          section: "cli",
          name: "  peak RSS, MiB",
          unit: "MiB",
          ...pick(resume, "rssMiB"),
        });
        for (const side of ["gong", "pi"]) scaling[side].push([entries, resume[side].median]);
      });
    }

    const resumeScaling = {
      resume: { points: scaling, slope: { gong: slope(scaling.gong), pi: slope(scaling.pi) } },
    };
    if (sessionsOnly) return { rows, scaling: resumeScaling };

    const historyName = `  time between model calls after ${plan.historyMessages} messages`;
    await measure(historyName, async () => {
      const cache = {};
      const history = await interleave(
        both(async (agent) => {
          const from = await grown(agent, plan.historyMessages, cache);
          return session(agent, plan.historyTurns, { resumeFrom: from });
        }),
        Math.max(3, Math.ceil(plan.reps / 2)),
      );
      const historyRow = {
        section: "cli",
        name: historyName,
        ...pick(history, "firstGapMs"),
        against: { pi: 0.5 },
      };
      // `long` is there: grown() throws without it.
      const self = historyRow.gong.median / pick(long, "firstGapMs").gong.median;
      historyRow.self = { ratio: self, target: 1.5, label: "own first turns" };
      historyRow.note = `${self.toFixed(2)}× Gong's own first turns`;
      rows.push(historyRow);
      // The mock runs in this process and parses every ~1.5 MB body before it answers:
      // its own work, in both agents' gaps, that a real provider does elsewhere.
      const agentRow = {
        section: "cli",
        name: "    the same, less the mock's parse of the body",
        ...pick(history, "firstAgentGapMs"),
      };
      const agentSelf = agentRow.gong.median / pick(long, "firstAgentGapMs").gong.median;
      agentRow.self = { ratio: agentSelf, target: 1.5, label: "own first turns, parse left out" };
      agentRow.note = `${agentSelf.toFixed(2)}× Gong's own first turns (both less the parse)`;
      rows.push(agentRow);
    });

    return { rows, scaling: resumeScaling };
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}
