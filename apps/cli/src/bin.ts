#!/usr/bin/env node
// Entry point of `gong`. Kept tiny: `--version` and `--help` answer from here without
// loading the runtime or any provider SDK, so they return in a few milliseconds.
import { readFileSync } from "node:fs";
import { parseArgs } from "./args.js";

// `gong --mode json … | head -1`: the reader left, nothing more to say; end quietly
// instead of crashing with an EPIPE stack.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const argv = process.argv.slice(2);
// `gong worker` and `gong jobs` (a BullMQ queue) parse their own flags.
const fleet = argv[0] === "worker" || argv[0] === "jobs";
const parsed = parseArgs(fleet ? [] : argv);

function finish(code: number): void {
  // Exit only once stdout has flushed (a pipe may still hold the last JSON lines).
  process.stdout.write("", () => process.exit(code));
}

if (fleet) {
  const { fleetCommand } = await import("./fleet/fleet-command.js");
  finish(await fleetCommand(argv));
} else if (parsed.ok && parsed.args.version) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  process.stdout.write(`${pkg.version}\n`);
} else if (parsed.ok && parsed.args.help) {
  const { HELP_TEXT } = await import("./help.js");
  process.stdout.write(HELP_TEXT);
} else if (!parsed.ok) {
  process.stderr.write(`gong: ${parsed.error}. Run gong --help for usage.\n`);
  finish(2);
} else {
  const { main } = await import("./main.js");
  finish(await main(parsed.args));
}
