// Each adapter's cost over its SDK's own event parsing, from @gong/llm's own benchmark
// (one rule, one place): it replays a recorded 10 000-event stream through both.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { failedRow } from "./attempt.mjs";

const SCRIPT = fileURLToPath(new URL("../../packages/llm/bench/stream.bench.mjs", import.meta.url));

const SDKS = {
  "anthropic-messages": ["Anthropic adapter", "@anthropic-ai/sdk alone"],
  "openai-completions": ["OpenAI Completions adapter", "openai SDK alone"],
  "openai-responses": ["OpenAI Responses adapter", "openai SDK alone"],
};

/**
 * One row per API and stream: the adapter as "gong", the bare SDK as "raw". A case the
 * script could not measure is a row with its reason; a script that failed as a whole is
 * one such row. `script` is that benchmark (another one in the tests).
 */
export async function benchAdapter(rounds, script = SCRIPT) {
  let cases;
  try {
    cases = await runScript(script, rounds);
  } catch (error) {
    return [failedRow("llm", "adapters vs SDKs", error)];
  }
  return cases.map((c) => {
    const [adapter, sdk] = SDKS[c.api] ?? [c.api, "SDK alone"];
    if (c.error) return failedRow("llm", `${adapter} vs SDK, ${c.stream}`, new Error(c.error));
    return {
      section: "llm",
      name: `${adapter} vs SDK, ${c.stream} (${c["wire events"]} events)`,
      gong: single(Number(c["adapter ms"])),
      raw: single(Number(c["SDK ms"])),
      rawLabel: sdk,
      against: { raw: 1.05 },
    };
  });
}

/** The script's rows (its last stdout line); rejects when it printed none. */
function runScript(script, rounds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: path.dirname(script),
      env: { ...process.env, BENCH_JSON: "1", BENCH_ROUNDS: String(rounds) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        resolve(JSON.parse(stdout.trim().split("\n").at(-1)));
      } catch {
        reject(new Error(`${path.basename(script)} exited ${code} without its rows`));
      }
    });
  });
}

/** A median reported by another script, as a summary without a spread. */
function single(ms) {
  return { median: ms, min: ms, max: ms, n: 1 };
}
