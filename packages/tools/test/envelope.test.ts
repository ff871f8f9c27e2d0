import { mkdirSync, writeFileSync } from "node:fs";
import { type TSchema, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";

/** Seed 000 §1 as a schema: these keys and no others at the top level. */
const Envelope = Type.Object(
  {
    status: Type.Union([Type.Literal("success"), Type.Literal("partial"), Type.Literal("error")]),
    data: Type.Record(Type.String(), Type.Unknown()),
    text: Type.String(),
    error: Type.Optional(
      Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false }),
    ),
    stats: Type.Intersect([
      Type.Object({ time_ms: Type.Number({ minimum: 0 }) }),
      Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()])),
    ]),
    context: Type.Object({
      cwd: Type.String(),
      params_input: Type.Unknown(),
      path_resolved: Type.Optional(Type.String()),
      truncation_skip: Type.Optional(Type.Boolean()),
    }),
  },
  { additionalProperties: false },
);

const check = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((e) => `${e.path}: ${e.message}`);

/** One success (or partial), one error and one invalid-parameter call per tool. */
const CALLS: Record<string, unknown[]> = {
  read: [{ path: "a.txt" }, { path: "a.txt", limit: 1 }, { path: "missing" }, { path: 42 }],
  write: [
    { path: "w.txt", content: "x" },
    { path: "dir", content: "x" },
    { path: 1, content: null },
  ],
  edit: [
    { path: "e.txt", oldText: "one", newText: "1" },
    { path: "e.txt", oldText: "zzz", newText: "y" },
    { path: "b.bin", oldText: "a", newText: "b" },
    { path: null },
  ],
  bash: [
    { command: "echo hi" },
    { command: "seq 1 3000" },
    { command: "exit 3" },
    { command: null },
  ],
  grep: [{ pattern: "line" }, { pattern: "(" }, { pattern: [] }],
  find: [
    { pattern: "*.txt" },
    { pattern: "*", limit: 1 },
    { pattern: "*.txt", path: "missing" },
    { pattern: 5 },
  ],
  ls: [{}, { limit: 1 }, { path: "a.txt" }, { path: 42 }],
};

describe("seed 000 envelope — every tool, every kind of result", () => {
  let project: Project;
  beforeAll(() => {
    project = makeProject();
    writeFileSync(project.file("a.txt"), "line one\nline two\n");
    writeFileSync(project.file("e.txt"), "one two\n");
    writeFileSync(project.file("b.bin"), Buffer.from([0, 0x61]));
    mkdirSync(project.file("dir"));
  });
  afterAll(() => project.cleanup());

  for (const [tool, calls] of Object.entries(CALLS)) {
    it(`${tool}: success, partial and error envelopes match the schema`, async () => {
      const statuses = new Set<string>();
      for (const params of calls) {
        const response = await project.call(tool, params);
        expect(check(Envelope, response)).toEqual([]);
        expect(response.context.params_input).toBe(params);
        expect(response.text.length).toBeGreaterThan(0);
        if (response.status !== "success")
          expect(response.text).toContain("\n\nRecommended next step:\n* ");
        statuses.add(response.status);
      }
      expect(statuses.has("error")).toBe(true);
      expect(statuses.size).toBeGreaterThan(1);
    });
  }
});
