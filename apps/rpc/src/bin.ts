#!/usr/bin/env node
// Entry point of `gong-rpc`. Kept tiny: `--version` and `--help` answer from here
// without loading the runtime or any provider SDK.
import { readFileSync } from "node:fs";
import { parseArgs } from "./args.js";

const parsed = parseArgs(process.argv.slice(2));

function finish(code: number): void {
  // Exit only once stdout has flushed (a pipe may still hold the last lines).
  process.stdout.write("", () => process.exit(code));
}

if (!parsed.ok) {
  process.stderr.write(`gong-rpc: ${parsed.error}. Run gong-rpc --help for usage.\n`);
  finish(2);
} else if (parsed.args.version) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  process.stdout.write(`${pkg.version}\n`);
} else if (parsed.args.help) {
  const { HELP_TEXT } = await import("./help.js");
  process.stdout.write(HELP_TEXT);
} else if (parsed.args.acp) {
  const { runAcpServer } = await import("./acp/server.js");
  finish(await runAcpServer(parsed.args, process.env));
} else {
  const { runJsonLinesServer } = await import("./jsonl/server.js");
  finish(
    await runJsonLinesServer(parsed.args, {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: (text) => process.stderr.write(text),
      env: process.env,
    }),
  );
}
