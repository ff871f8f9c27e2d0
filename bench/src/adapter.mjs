// The Anthropic adapter's cost over the SDK's own event parsing, from @gong/llm's own
// benchmark (one rule, one place): it replays a recorded 10 000-event stream through both.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("../../packages/llm/bench/stream.bench.mjs", import.meta.url));

/**
 * Rows for the anthropic-messages cases: the adapter as "gong", the bare SDK as "raw".
 * One retry: that script's recording pass can meet a keep-alive socket the mock reset.
 */
export async function benchAdapter(rounds, log) {
  try {
    return await runOnce(rounds);
  } catch (error) {
    log(`  ${error.message}; once more`);
    return runOnce(rounds);
  }
}

function runOnce(rounds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], {
      cwd: path.dirname(SCRIPT),
      env: { ...process.env, BENCH_JSON: "1", BENCH_ROUNDS: String(rounds) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`bench: ${SCRIPT} exited ${code}`));
      const cases = JSON.parse(stdout.trim().split("\n").at(-1));
      resolve(
        cases
          .filter((c) => c.api === "anthropic-messages")
          .map((c) => ({
            section: "llm",
            name: `Anthropic adapter vs SDK, ${c.stream} (${c["wire events"]} events)`,
            gong: single(Number(c["adapter ms"])),
            raw: single(Number(c["SDK ms"])),
            rawLabel: "@anthropic-ai/sdk alone",
            against: { raw: 1.05 },
          })),
      );
    });
  });
}

/** A median reported by another script, as a summary without a spread. */
function single(ms) {
  return { median: ms, min: ms, max: ms, n: 1 };
}
