import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

function systemText(index: number): string {
  const request = mock.requests[index];
  if (!request) throw new Error(`no request #${index} (got ${mock.requests.length})`);
  const { system } = request.body as { system?: string | { text: string }[] };
  return typeof system === "string" ? system : (system ?? []).map((s) => s.text).join("\n");
}

describe("skills — front matter parsed as YAML", () => {
  it("a folded description reaches the system prompt; a name unlike its folder is a warning event", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const folder = path.join(box.gongHome, "skills", "pdf-tools");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, "SKILL.md"),
      "---\nname: pdf-report\ndescription: >\n  Builds PDF reports\n  from CSV data.\nallowed-tools: Bash(python:*), Read\n---\nSteps.\n",
    );
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--mode", "json", "hi"], box);
    expect(run.code).toBe(0);
    expect(systemText(0)).toContain("<description>Builds PDF reports from CSV data.</description>");
    const warnings = jsonLines(run.stdout).filter((line) => line.type === "warning");
    expect(warnings).toEqual([
      {
        type: "warning",
        message: expect.stringContaining('name "pdf-report" differs from its folder "pdf-tools"'),
      },
    ]);
  });
});

describe("skills — allowed-tools never widens or advertises tools that are not offered", () => {
  it("a skill naming bash and an unknown tool under --tools read,ls: activation says read only, one warning names the unknown", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const folder = path.join(box.gongHome, "skills", "deploy");
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, "SKILL.md");
    writeFileSync(
      file,
      "---\nname: deploy\ndescription: Deploys.\nallowed-tools: Bash, Read, Frobnicate\n---\nSteps.\n",
    );
    mock.enqueue([
      toolCallResponse([{ name: "skill", arguments: { name: "deploy" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["--tools", "read,ls", "-p", "deploy it"], box);
    expect(run.code).toBe(0);
    // The session's one line for names Gong has no tool for (issue 38.4).
    expect(run.stderr).toBe(
      "gong: warning: tools Gong has not, left out where agents, commands and skills name them: Frobnicate\n",
    );
    const result = JSON.stringify(mock.requests[1]?.body);
    expect(result).toContain("While this skill is active you may use: read.");
    expect(result).not.toMatch(/you may use:[^"]*bash/i);
    const body = mock.requests[1]?.body as { tools?: { name: string }[] } | undefined;
    expect(body?.tools?.map((t) => t.name)).toEqual(["read", "skill"]);
  });
});
