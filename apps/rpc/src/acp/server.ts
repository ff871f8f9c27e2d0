import type { RpcArgs } from "../args.js";

export async function runAcpServer(_args: RpcArgs, _env: NodeJS.ProcessEnv): Promise<number> {
  process.stderr.write("gong-rpc: --acp is not available yet\n");
  return 2;
}
