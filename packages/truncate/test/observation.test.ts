import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ToolResponse } from "@gong/base";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  cleanupExpired,
  createObservationTruncator,
  type ObservationTruncatorOptions,
  resolveObservationConfig,
} from "../src/index.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "gong-truncate-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const envelope = (text: string, overrides: Partial<ToolResponse> = {}): ToolResponse => ({
  status: "success",
  data: { content: text, truncated: false },
  text,
  stats: { time_ms: 12, total_lines: 0 },
  context: { cwd: ".", params_input: { path: "big.txt" }, path_resolved: "big.txt" },
  ...overrides,
});

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");

function truncator(
  options: Partial<ObservationTruncatorOptions> = {},
  env: Record<string, string> = {},
) {
  const resolved = resolveObservationConfig({ rootDir: root, ...options }, env);
  if (!resolved.ok) throw new Error(resolved.error);
  return createObservationTruncator(resolved.config);
}

describe("seed 003 §10 — ObservationTruncator", () => {
  it("leaves output within both limits untouched (same object)", async () => {
    const small = envelope(numbered(2000));
    expect(await truncator().truncate(small, { toolName: "read" })).toBe(small);
  });

  it("triggers on the line limit", async () => {
    const result = await truncator().truncate(envelope(numbered(5234)), { toolName: "read" });
    expect(result.status).toBe("partial");
    expect(result.data.truncated).toBe(true);
    expect(result.data.truncation).toMatchObject({
      direction: "head",
      max_lines: 2000,
      max_bytes: 51_200,
      original_lines: 5234,
      kept_lines: 2000,
    });
  });

  it("triggers on the byte limit with few lines", async () => {
    const text = Array.from({ length: 10 }, () => "b".repeat(10_000)).join("\n");
    const result = await truncator().truncate(envelope(text), { toolName: "bash" });
    const truncation = result.data.truncation as Record<string, number>;
    expect(truncation.original_lines).toBe(10);
    expect(truncation.kept_lines).toBe(5);
    expect(truncation.kept_bytes).toBeLessThanOrEqual(51_200);
  });

  it("returns exactly the seed-000 wrapper, and it survives a JSON round trip", async () => {
    const original = envelope(numbered(3000));
    const result = await truncator().truncate(original, { toolName: "read" });
    expect(Object.keys(result).sort()).toEqual(["context", "data", "stats", "status", "text"]);
    expect(Object.keys(result.data).sort()).toEqual(["preview", "truncated", "truncation"]);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(result.stats).toEqual(original.stats);
    expect(result.context).toEqual(original.context);
    expect(result.data.preview).toBe(numbered(2000));
  });

  it("spills the complete original envelope to .tool-output/tool_<YYYYMMDD_HHMMSS>_<Tool>.json", async () => {
    const original = envelope(numbered(4000));
    const result = await truncator().truncate(original, { toolName: "read" });
    const spilled = (result.data.truncation as { full_output_path: string }).full_output_path;
    expect(spilled).toMatch(/^\.tool-output\/tool_\d{8}_\d{6}_read\.json$/);
    const saved = JSON.parse(await readFile(path.join(root, spilled), "utf8"));
    expect(saved).toEqual(original);
    const plain = spilled.replace(/\.json$/, ".txt");
    expect(await readFile(path.join(root, plain), "utf8")).toBe(original.text);
    expect(await readFile(path.join(root, ".tool-output/.gitignore"), "utf8")).toBe("*\n");
  });

  it("tells the model where the rest is and how to get it (seed 003 §7)", async () => {
    const result = await truncator().truncate(envelope(numbered(4000)), { toolName: "read" });
    const plain = (result.data.truncation as { full_output_path: string }).full_output_path.replace(
      /\.json$/,
      ".txt",
    );
    expect(result.text.startsWith("line 1\n")).toBe(true);
    expect(result.text).toContain("[Output truncated: showing the first 2000 of 4000 lines");
    expect(result.text).toContain(`read(path="${plain}", offset=2001)`);
    expect(result.text).toContain(`grep(pattern="<what you need>", path="${plain}")`);
    expect(result.text).toContain("Recommended next step");

    const withTask = await truncator({ hasTaskTool: true }).truncate(envelope(numbered(4000)), {
      toolName: "read",
    });
    expect(withTask.text).toContain("Use task to have a subagent process the full output file");
  });

  it("keeps status error and the error itself when the original failed", async () => {
    const failed = envelope(numbered(3000), {
      status: "error",
      error: { code: "EXECUTION_ERROR", message: "Command exited with code 1" },
    });
    const result = await truncator().truncate(failed, { toolName: "bash", direction: "tail" });
    expect(result.status).toBe("error");
    expect(result.error).toEqual(failed.error);
    expect(result.data.preview).toMatch(/line 3000$/);
    expect((result.data.truncation as { direction: string }).direction).toBe("tail");
  });

  it("honours context.truncation_skip", async () => {
    const paged = envelope(numbered(9000), {
      context: { cwd: ".", params_input: {}, truncation_skip: true },
    });
    expect(await truncator().truncate(paged, { toolName: "read" })).toBe(paged);
    expect(await readdir(root)).toEqual([]);
  });

  it("never overwrites: two spills in the same second get distinct files", async () => {
    const t = truncator();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.truncate(envelope(numbered(2500)), { toolName: "grep" })),
    );
    const files = new Set(
      results.map((r) => (r.data.truncation as { full_output_path: string }).full_output_path),
    );
    expect(files.size).toBe(5);
  });

  it("keeps the start of a single over-long line as the preview", async () => {
    const result = await truncator().truncate(envelope("m".repeat(200_000)), { toolName: "read" });
    expect(result.data.preview).toBe("m".repeat(51_200));
    expect(result.data.truncation).toMatchObject({ kept_lines: 1, kept_bytes: 51_200 });
  });

  it("spills outside the project to an absolute path when TOOL_OUTPUT_DIR says so", async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), "gong-elsewhere-"));
    try {
      const result = await truncator({}, { TOOL_OUTPUT_DIR: elsewhere }).truncate(
        envelope(numbered(2500)),
        { toolName: "mcp__srv/search" },
      );
      const spilled = (result.data.truncation as { full_output_path: string }).full_output_path;
      expect(path.isAbsolute(spilled)).toBe(true);
      expect(path.basename(spilled)).toMatch(/^tool_\d{8}_\d{6}_mcp__srv_search\.json$/);
      await stat(spilled);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe("seed 003 §9 — configuration from the environment", () => {
  it("reads every TOOL_OUTPUT_* variable", () => {
    const resolved = resolveObservationConfig(
      { rootDir: root },
      {
        TOOL_OUTPUT_MAX_LINES: "100",
        TOOL_OUTPUT_MAX_BYTES: "4096",
        TOOL_OUTPUT_TRUNCATE_DIRECTION: "tail",
        TOOL_OUTPUT_DIR: "tool-output",
        TOOL_OUTPUT_RETENTION_DAYS: "3",
        TOOL_OUTPUT_MAX_FILE_BYTES: "1048576",
      },
    );
    expect(resolved).toEqual({
      ok: true,
      config: {
        rootDir: root,
        outputDir: path.join(root, "tool-output"),
        maxLines: 100,
        maxBytes: 4096,
        direction: "tail",
        maxFileBytes: 1048576,
        retentionDays: 3,
        hasTaskTool: false,
      },
    });
  });

  it("explicit options win over the environment", () => {
    const resolved = resolveObservationConfig(
      { rootDir: root, maxLines: 7 },
      { TOOL_OUTPUT_MAX_LINES: "100" },
    );
    expect(resolved.ok && resolved.config.maxLines).toBe(7);
  });

  it.each([
    [
      "TOOL_OUTPUT_MAX_LINES",
      "lots",
      /TOOL_OUTPUT_MAX_LINES must be a positive integer, got "lots"/,
    ],
    ["TOOL_OUTPUT_MAX_BYTES", "-5", /TOOL_OUTPUT_MAX_BYTES must be a positive integer, got "-5"/],
    ["TOOL_OUTPUT_MAX_BYTES", "1.5", /TOOL_OUTPUT_MAX_BYTES/],
    ["TOOL_OUTPUT_TRUNCATE_DIRECTION", "middle", /must be "head" or "tail", got "middle"/],
    ["TOOL_OUTPUT_RETENTION_DAYS", "0", /TOOL_OUTPUT_RETENTION_DAYS must be a positive number/],
  ])("%s=%s is an error naming the variable", (name, value, message) => {
    const resolved = resolveObservationConfig({ rootDir: root }, { [name]: value });
    expect(resolved.ok).toBe(false);
    expect(!resolved.ok && resolved.error).toMatch(message);
  });
});

describe("seed 003 §4 — retention", () => {
  it("cleanupExpired deletes files older than the retention and keeps the rest", async () => {
    const dir = path.join(root, ".tool-output");
    const t = truncator();
    await t.truncate(envelope(numbered(2500)), { toolName: "read" });
    const old = path.join(dir, "tool_20200101_000000_read.json");
    await writeFile(old, "{}");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await utimes(old, eightDaysAgo, eightDaysAgo);

    expect(await cleanupExpired(dir, 7)).toBe(1);
    const left = await readdir(dir);
    expect(left).not.toContain("tool_20200101_000000_read.json");
    expect(left).toContain(".gitignore");
    expect(left.filter((f) => f.endsWith(".json"))).toHaveLength(1);
  });

  it("the truncator cleans its folder once, on its first spill of the process", async () => {
    const dir = path.join(root, ".tool-output");
    const t = truncator();
    await t.truncate(envelope(numbered(2500)), { toolName: "read" });
    const stale = path.join(dir, "tool_20200101_000000_bash.json");
    await writeFile(stale, "{}");
    const longAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await utimes(stale, longAgo, longAgo);
    await t.truncate(envelope(numbered(2500)), { toolName: "read" });
    // Already cleaned once in this process: the stale file stays until the next start.
    expect(await readdir(dir)).toContain("tool_20200101_000000_bash.json");
  });

  it("a missing folder is nothing to clean", async () => {
    expect(await cleanupExpired(path.join(root, "nope"), 7)).toBe(0);
  });
});

describe("ObservationTruncator — a tighter limit for one call (issue 34.5, the results budget)", () => {
  it("maxBytes cuts below the configured limit and says why; a wrapper cut again keeps its files and spills nothing more", async () => {
    const t = truncator();
    const original = envelope(numbered(20_000));
    const first = await t.truncate(original, { toolName: "task" });
    const files = await readdir(path.join(root, ".tool-output"));
    const again = await t.truncate(first, {
      toolName: "task",
      maxBytes: 1000,
      limitNote: "its share of one message's results",
    });
    expect(await readdir(path.join(root, ".tool-output"))).toEqual(files);
    const record = (again.data as { truncation: Record<string, unknown> }).truncation;
    expect(record).toMatchObject({
      max_bytes: 1000,
      original_lines: 20_000,
      full_output_path: (first.data as { truncation: { full_output_path: string } }).truncation
        .full_output_path,
      limit_note: "its share of one message's results",
    });
    expect(Buffer.byteLength((again.data as { preview: string }).preview)).toBeLessThanOrEqual(
      1000,
    );
    expect(again.text).toContain("limit 2000 lines / 1000B: its share of one message's results");
    expect(again.text).toMatch(/Full output saved to \.tool-output\/tool_\S+_task\.txt/);
    // Within the limit a wrapper is left as it is.
    expect(await t.truncate(again, { toolName: "task", maxBytes: 1000 })).toBe(again);
    const direct = await t.truncate(envelope(numbered(300)), { toolName: "read", maxBytes: 500 });
    expect(direct.status).toBe("partial");
    expect((direct.data as { truncation: { max_bytes: number } }).truncation.max_bytes).toBe(500);
  });
});
