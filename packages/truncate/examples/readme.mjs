import { createObservationTruncator, resolveObservationConfig, truncateTail } from "@gong/truncate";

const bigLog = Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join("\n");
const { content, truncated, outputLines, totalLines } = truncateTail(bigLog); // last 2000 lines / 50 KB
console.log(truncated, `${outputLines} of ${totalLines} lines, from`, content.split("\n")[0]);
// true 2000 of 5000 lines, from line 3001

const config = resolveObservationConfig({ rootDir: process.cwd() }); // + TOOL_OUTPUT_* env
if (!config.ok) throw new Error(config.error); // names the bad variable
const truncator = createObservationTruncator(config.config);
const forModel = await truncator.truncate(
  {
    status: "success", // a tool's result: the seed-000 envelope
    data: {},
    text: bigLog,
    stats: { time_ms: 12 },
    context: { cwd: ".", params_input: { path: "big.log" } },
  },
  { toolName: "read" },
);
// within limits → the same envelope; over → status "partial", the whole text saved to
// .tool-output/tool_<stamp>_read.txt, and a text of preview + notice + the next calls:
console.log(forModel.status, forModel.text.split("\n").slice(-2).join("\n"));
// partial - read(path=".tool-output/tool_…_read.txt", offset=2001) to continue after the preview
// - grep(pattern="<what you need>", path=".tool-output/tool_…_read.txt") to search the full output
