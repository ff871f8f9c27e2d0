import { McpServers } from "@gong/mcp";
import { runTool } from "@gong/tools";

const mcp = new McpServers({
  servers: {
    everything: { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] },
  },
  env: process.env,
  cwd: process.cwd(),
  warn: (line) => console.error(line),
});
await mcp.ready(60_000); // npx may download it first; a slower server joins later (onToolsChanged)
const echo = mcp.tools().find((tool) => tool.name === "mcp__everything__echo");
if (echo) console.log((await runTool(echo, { message: "hi" }, { cwd: process.cwd() })).text);
await mcp.close(); // every server process ends
