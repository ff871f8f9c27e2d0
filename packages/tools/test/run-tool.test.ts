import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { defineTool, runTool, success } from "../src/index.js";

const echo = defineTool({
  name: "echo",
  label: "Echo",
  description: "Echoes its path.",
  parameters: Type.Object({ path: Type.String(), count: Type.Optional(Type.Integer()) }),
  async execute(params) {
    return success({ path: params.path }, `echo ${params.path}`, { pathResolved: params.path });
  },
});

const thrower = defineTool({
  name: "boom",
  label: "Boom",
  description: "Throws.",
  parameters: Type.Object({}),
  async execute() {
    throw new Error("kaput");
  },
});

const context = { cwd: "/project/src", projectRoot: "/project" };

describe("runTool — envelope invariants", () => {
  it("fills stats.time_ms, context.cwd (relative) and context.params_input", async () => {
    const raw = { path: "a.txt" };
    const response = await runTool(echo, raw, context);
    expect(Object.keys(response).sort()).toEqual(["context", "data", "stats", "status", "text"]);
    expect(response.status).toBe("success");
    expect(typeof response.stats.time_ms).toBe("number");
    expect(response.context).toEqual({ cwd: "src", params_input: raw, path_resolved: "a.txt" });
  });

  it("wrong type `path: 42` is INVALID_PARAM naming the field", async () => {
    const response = await runTool(echo, { path: 42 }, context);
    expect(response.status).toBe("error");
    expect(response.error?.code).toBe("INVALID_PARAM");
    expect(response.text).toContain("path");
    expect(response.data.field_errors).toEqual([expect.objectContaining({ field: "path" })]);
    expect(response.context.params_input).toEqual({ path: 42 });
  });

  it("null, a missing field and a non-object are INVALID_PARAM", async () => {
    for (const raw of [{ path: null }, {}, null, "a.txt", [1]]) {
      const response = await runTool(echo, raw, context);
      expect(response.error?.code).toBe("INVALID_PARAM");
    }
  });

  it("a throw becomes INTERNAL_ERROR with the message", async () => {
    const response = await runTool(thrower, {}, context);
    expect(response.status).toBe("error");
    expect(response.error).toEqual({
      code: "INTERNAL_ERROR",
      message: expect.stringContaining("kaput"),
    });
    expect(Object.keys(response).sort()).toEqual([
      "context",
      "data",
      "error",
      "stats",
      "status",
      "text",
    ]);
  });

  it("an already aborted signal gives ABORTED without running", async () => {
    const controller = new AbortController();
    controller.abort();
    const response = await runTool(echo, { path: "x" }, { ...context, signal: controller.signal });
    expect(response.error?.code).toBe("ABORTED");
  });
});
