#!/usr/bin/env node
/**
 * The client the MCP conformance suite runs (`conformance client --command`): @gong/mcp
 * (the built dist/, on the Node running gong) connects to the scenario's server — the
 * URL is the last argument, the scenario `MCP_CONFORMANCE_SCENARIO` — and calls each
 * tool it offers, the way a session would. Elicitation is answered as under `--yes`
 * (the schema's defaults); an OAuth login's browser is a fetch that follows the
 * authorization server's redirect to gong's callback listener on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runTool } from "@gong/tools";
import { acceptElicitationDefaults, McpServers } from "../dist/index.js";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");

/** Arguments for the tools a scenario expects called with some. */
const ARGUMENTS = { add_numbers: { a: 5, b: 3 } };

/** What a user would write in the entry's `oauth` for this scenario's server. */
function oauthEntry() {
  if (context.client_id) {
    return { clientId: context.client_id, clientSecret: context.client_secret };
  }
  // A client that publishes a metadata document (SEP-991) names it; servers that do not
  // take one fall back to dynamic registration.
  return { clientMetadataUrl: "https://conformance-test.local/client-metadata.json" };
}

const oauthDir = mkdtempSync(path.join(tmpdir(), "gong-conformance-"));
const mcp = new McpServers({
  servers: { conformance: { type: "http", url, oauth: oauthEntry() } },
  env: process.env,
  cwd: process.cwd(),
  warn: (line) => console.error(line),
  elicit: acceptElicitationDefaults,
  oauth: {
    dir: oauthDir,
    interactive: true,
    openAuthorizationUrl: (_server, authorizationUrl) => {
      console.log(`authorize: ${authorizationUrl}`);
      fetch(authorizationUrl).catch((error) => console.error(`browser: ${error.message}`));
    },
  },
});

let failed = false;
try {
  await mcp.ready(25_000);
  const [status] = mcp.statuses();
  console.log(`${scenario}: ${status.status} ${status.error ?? ""}`);
  if (status.status !== "connected") failed = true;
  for (const tool of mcp.tools()) {
    const original = tool.name.replace(/^mcp__conformance__/, "");
    const result = await runTool(tool, ARGUMENTS[original] ?? {}, { cwd: process.cwd() });
    console.log(`${tool.name}: ${result.status} ${result.text}`);
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await mcp.close();
  rmSync(oauthDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
