import { fileURLToPath } from "node:url";
import { runTool } from "@gong/tools";
import { afterEach, describe, expect, it } from "vitest";
import {
  acceptElicitationDefaults,
  elicitThroughAskUser,
  type McpElicitation,
  McpServers,
} from "../src/index.js";

const request = (schema: McpElicitation["schema"]): McpElicitation => ({
  server: "s",
  message: "Deploy?",
  schema,
  signal: new AbortController().signal,
});

describe("mcp elicitation — a form is never answered with values the user did not give", () => {
  it("--yes declines a form whose required value has no default", async () => {
    const answer = await acceptElicitationDefaults(
      request({
        type: "object",
        properties: { env: { type: "string" }, dry: { type: "boolean", default: true } },
        required: ["env"],
      }),
    );
    expect(answer).toEqual({ action: "decline" });
  });

  it("an answer that does not fit its type declines; an empty answer is the default; no answers cancel", async () => {
    const schema: McpElicitation["schema"] = {
      type: "object",
      properties: {
        replicas: { type: "integer", default: 2 },
        region: { type: "string", enum: ["eu", "us"] },
      },
      required: ["region"],
    };
    const answering = (answers: Record<string, string>) =>
      elicitThroughAskUser(async (questions) =>
        Object.fromEntries(
          questions.flatMap((q) => {
            const answer = answers[q.header];
            return answer ? [[q.question, answer]] : [];
          }),
        ),
      );
    expect(await answering({ replicas: "two", region: "eu" })(request(schema))).toEqual({
      action: "decline",
    });
    expect(await answering({ region: "mars" })(request(schema))).toEqual({ action: "decline" });
    expect(await answering({ region: "us" })(request(schema))).toEqual({
      action: "accept",
      content: { replicas: 2, region: "us" },
    });
    expect(await answering({})(request(schema))).toEqual({ action: "cancel" });
  });
});

const FIXTURE = fileURLToPath(new URL("./fixtures/fixture-server.mjs", import.meta.url));
const opened: McpServers[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((mcp) => mcp.close()));
});

describe("mcp sampling — declared unsupported", () => {
  it("a server's sampling request is refused: gong never spends the user's model on a server", async () => {
    const mcp = new McpServers({
      servers: { fixture: { command: process.execPath, args: [FIXTURE] } },
      env: process.env,
      cwd: process.cwd(),
      warn: () => {},
    });
    opened.push(mcp);
    await mcp.ready(15_000);
    const sample = mcp.tools().find((t) => t.name === "mcp__fixture__sample");
    if (!sample) throw new Error("the fixture's sample tool is missing");
    const result = await runTool(sample, {}, { cwd: process.cwd() });
    expect(result.text).toMatch(/^refused: MCP error -32601: Method not found/);
  });
});
