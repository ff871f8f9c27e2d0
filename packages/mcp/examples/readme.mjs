import { McpServers, START_TIMEOUT_MS } from "@gong/mcp";
import { runTool } from "@gong/tools";

const mcp = new McpServers({
  servers: {
    everything: { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] },
  },
  env: process.env,
  cwd: process.cwd(),
  warn: (line) => console.error(line),
});
await mcp.ready(START_TIMEOUT_MS); // a server has 30 s (or MCP_TIMEOUT ms) to start
const echo = mcp.tools().find((tool) => tool.name === "mcp__everything__echo");
if (echo) console.log((await runTool(echo, { message: "hi" }, { cwd: process.cwd() })).text);
await mcp.close(); // every server process ends
