import path from "node:path";
import { type RecordedRequest, textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

const SCHEMA = {
  type: "object",
  properties: { verdict: { enum: ["pass", "fail"] }, count: { type: "integer" } },
  required: ["verdict", "count"],
  additionalProperties: false,
};

function schemaFile(box: Sandbox, schema: unknown = SCHEMA): string {
  const file = path.join(box.cwd, "result.schema.json");
  writeJson(file, schema);
  return "result.schema.json";
}

function systemOf(request: RecordedRequest): string {
  const system = (request.body as { system?: string | { text: string }[] }).system;
  return typeof system === "string" ? system : (system ?? []).map((s) => s.text).join("\n");
}

const lastMessageText = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown[] }).messages.at(-1));

describe("gong --output-schema — the final answer is one JSON value valid against the schema", () => {
  it("print: the model is told the schema, and the value alone is printed", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse('```json\n{"verdict": "pass", "count": 3}\n```'));
    const run = await runGong(["-p", "--output-schema", schemaFile(box), "check it"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('{"verdict":"pass","count":3}\n');
    const system = systemOf(mock.requests[0]!);
    expect(system).toContain("exactly one JSON value");
    expect(system).toContain('"additionalProperties": false');
  });

  it("json: an invalid answer is sent back once with the errors; the valid one is run_end.output", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      textResponse('{"verdict": "maybe", "count": 3}'),
      textResponse('{"verdict": "fail", "count": 1}'),
    ]);
    const args = ["-p", "--mode", "json", "--output-schema", schemaFile(box), "check it"];
    const run = await runGong(args, box);
    expect(run.code).toBe(0);
    expect(mock.requests).toHaveLength(2);
    const retry = lastMessageText(mock.requests[1]!);
    expect(retry).toContain("not valid against the required JSON Schema");
    expect(retry).toContain("/verdict must be equal to one of the allowed values");
    const end = jsonLines(run.stdout).at(-1)!;
    expect(end).toMatchObject({
      type: "run_end",
      ok: true,
      reason: "completed",
      output: { verdict: "fail", count: 1 },
      turns: 2,
    });
  });

  it("still invalid after the second answer: exit 1 with the errors, run_end invalid_output", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("It passed, 3 checks."), textResponse('{"verdict": "pass"}')]);
    const args = ["-p", "--mode", "json", "--output-schema", schemaFile(box), "check it"];
    const run = await runGong(args, box);
    expect(run.code).toBe(1);
    expect(mock.requests).toHaveLength(2);
    expect(lastMessageText(mock.requests[1]!)).toContain("the answer is not JSON");
    expect(run.stderr).toContain("not valid against --output-schema");
    expect(run.stderr).toContain("must have required property 'count'");
    const end = jsonLines(run.stdout).at(-1)!;
    expect(end).toMatchObject({ type: "run_end", ok: false, reason: "invalid_output" });
    expect(end.output).toBeUndefined();
    expect(String(end.errorMessage)).toContain("must have required property 'count'");
  });

  it("print: still invalid is exit 1 and nothing on stdout", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("nope"), textResponse("still nope")]);
    const run = await runGong(["-p", "--output-schema", schemaFile(box), "check it"], box);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("not valid against --output-schema");
  });

  it("a 2020-12 schema is read as one ($schema decides the draft)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      items: false,
    };
    mock.enqueue([textResponse('["a", 1, 2]'), textResponse('["a", 1]')]);
    const run = await runGong(["-p", "--output-schema", schemaFile(box, schema), "go"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('["a",1]\n');
    expect(mock.requests).toHaveLength(2);
  });

  it("a schema file that is missing, not JSON or not a schema is exit 2 before any model call", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const missing = await runGong(["-p", "--output-schema", "nowhere.json", "go"], box);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /--output-schema nowhere\.json: cannot read a JSON Schema there \(no such file\)/,
    );
    const notSchema = await runGong(
      ["-p", "--output-schema", schemaFile(box, { type: "nope" }), "go"],
      box,
    );
    expect(notSchema.code).toBe(2);
    expect(notSchema.stderr).toContain("not a valid JSON Schema");
    expect(mock.requests).toHaveLength(0);
  });
});
