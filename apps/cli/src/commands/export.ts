import { resolveGongHome } from "@gong/base";
import { exportSessionHtml } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";

/** `--export <session> [out.html]`: writes the HTML file and prints its path. */
export async function exportCommand(args: CliArgs, io: CliIo): Promise<number> {
  const request = args.export!;
  const result = await exportSessionHtml({
    ref: request.session,
    out: request.out,
    cwd: io.cwd,
    gongHome: resolveGongHome(io.env),
    sessionDir: args.sessionDir,
    env: io.env,
  });
  if (!result.ok) {
    io.stderr(`gong: ${result.error}\n`);
    return 1;
  }
  io.stdout(`${result.path}\n`);
  return 0;
}
