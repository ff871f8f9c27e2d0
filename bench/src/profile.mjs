// `node src/profile.mjs [turns] [historyMessages]`: runs the scripted session once per CLI
// under `node --cpu-prof` (resuming a grown session when historyMessages is given) and
// prints each one's top self-time frames. Profiles stay in results/profiles/.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlmServer } from "@gong/testing";
import { runAgent } from "./agents.mjs";
import { topSelfFrames } from "./cpu-profile.mjs";
import { agentWithProject, createScript, gaps } from "./script.mjs";
import { growSession, sessionFileIn } from "./sessions.mjs";
import { summarize } from "./stats.mjs";

const turns = Number(process.argv[2] ?? 50);
const history = Number(process.argv[3] ?? 0);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "results", "profiles");
const root = mkdtempSync(path.join(tmpdir(), "gong-bench-profile-"));
const mock = await startMockLlmServer();
try {
  for (const name of ["gong", "pi"]) {
    const { agent, cwd, sessions } = agentWithProject(name, root, mock);
    let flags = [];
    if (history) {
      // A first run writes the agent's own session file, grown to `history` entries.
      mock.setFallback(createScript(8).responder);
      await runAgent(agent, agent.args(["-p", "--session-dir", sessions, "warm up"]), { cwd });
      const file = sessionFileIn(sessions);
      growSession(file, file, history);
      flags = ["-c"];
    }
    const dir = path.join(out, name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const script = createScript(turns, history ? 2 : 0);
    mock.setFallback(script.responder);
    const run = await runAgent(
      agent,
      agent.args([...flags, "-p", "--session-dir", sessions, "work through the script"]),
      { cwd, nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${dir}`] },
    );
    const between = summarize(gaps(script.arrivals));
    console.log(
      `\n${name}: ${run.ms.toFixed(0)} ms, ${run.rssMiB.toFixed(0)} MiB, between model calls median ${between.median.toFixed(1)} ms`,
    );
    const [profile] = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
    for (const { frame, ms, share } of topSelfFrames(path.join(dir, profile), 25))
      console.log(
        `${ms.toFixed(1).padStart(9)} ms ${(share * 100).toFixed(1).padStart(5)}%  ${frame}`,
      );
  }
} finally {
  await mock.close();
  rmSync(root, { recursive: true, force: true });
}
