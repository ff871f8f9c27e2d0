import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { CodingToolsOptions } from "../src/coding-tools.js";
import {
  createCodingTools,
  runTool,
  type Tool,
  type ToolExecutionContext,
  type ToolResponse,
} from "../src/index.js";

const TOP_LEVEL = ["context", "data", "error", "stats", "status", "text"];

/**
 * The seed-000 envelope, checked on every result every test gets: exactly the six
 * top-level keys (error only on error), data an object, stats.time_ms a number,
 * context.cwd and context.params_input present.
 */
export function expectEnvelope(response: ToolResponse, rawParams: unknown): void {
  const keys = Object.keys(response).sort();
  const expected = TOP_LEVEL.filter((key) => key !== "error" || response.status === "error");
  expect(keys).toEqual(expected);
  expect(["success", "partial", "error"]).toContain(response.status);
  expect(typeof response.data).toBe("object");
  expect(response.data).not.toBeNull();
  expect(typeof response.text).toBe("string");
  expect(typeof response.stats.time_ms).toBe("number");
  expect(typeof response.context.cwd).toBe("string");
  expect(response.context).toHaveProperty("params_input");
  expect(response.context.params_input).toEqual(rawParams);
  if (response.status === "error") {
    expect(typeof response.error?.code).toBe("string");
    expect(typeof response.error?.message).toBe("string");
  }
  if (response.data.truncated === true) expect(response.status).not.toBe("success");
  if (response.context.path_resolved !== undefined) {
    expect(response.context.path_resolved).not.toContain("\\");
  }
}

export interface Project {
  dir: string;
  tools: Tool[];
  call(name: string, params: unknown, extra?: Partial<ToolExecutionContext>): Promise<ToolResponse>;
  file(relative: string): string;
  cleanup(): void;
}

export function makeProject(options: Partial<CodingToolsOptions> = {}): Project {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-tools-")));
  const tools = createCodingTools({ cwd: dir, bash: { killGraceMs: 500 }, ...options });
  return {
    dir,
    tools,
    file: (relative) => path.join(dir, relative),
    async call(name, params, extra = {}) {
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) throw new Error(`no tool ${name}`);
      const response = await runTool(tool, params, { cwd: dir, projectRoot: dir, ...extra });
      expectEnvelope(response, params);
      return response;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
