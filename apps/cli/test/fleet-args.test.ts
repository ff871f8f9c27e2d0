import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFleetArgs } from "../src/fleet/fleet-args.js";
import { BIN } from "./harness.js";

const env = {};

describe("gong worker / gong jobs — arguments", () => {
  it("a worker's own flags are taken out; the rest are its jobs' session flags", () => {
    const parsed = parseFleetArgs(
      [
        "worker",
        "--redis",
        "redis://h:1",
        "--concurrency=3",
        "--model",
        "m",
        "--queue",
        "q",
        "--rate-limit",
        "60",
      ],
      env,
    );
    expect(parsed).toEqual({
      ok: true,
      command: {
        name: "worker",
        redisUrl: "redis://h:1",
        queue: "q",
        concurrency: 3,
        ratePerMinute: 60,
        sessionArgs: ["--model", "m"],
      },
    });
  });

  it("GONG_REDIS_URL stands in for --redis; without either the error says what to give", () => {
    expect(parseFleetArgs(["jobs", "status"], { GONG_REDIS_URL: "redis://e:2" })).toEqual({
      ok: true,
      command: { name: "status", redisUrl: "redis://e:2", queue: "gong", json: false },
    });
    expect(parseFleetArgs(["jobs", "results", "--json"], env)).toEqual({
      ok: false,
      error:
        "gong jobs results needs --redis <url> (or GONG_REDIS_URL), e.g. --redis redis://localhost:6379",
    });
  });

  it.each([
    [
      ["worker", "--redis", "r", "fix it"],
      'gong worker takes no prompt (got "fix it"): prompts come with the jobs',
    ],
    [
      ["worker", "--redis", "r", "--concurrency", "0"],
      'gong worker: --concurrency takes a whole number above 0 (got "0")',
    ],
    [["worker", "--redis", "r", "--modle", "x"], "gong worker: unknown option --modle"],
    [
      ["jobs", "--redis", "r"],
      "gong jobs needs a subcommand: submit <tasks.jsonl>, status, results [--json], cancel <id>",
    ],
    [["jobs", "cancel", "--redis", "r"], "gong jobs cancel takes a job id"],
    [["jobs", "submit", "--redis", "r", "--json", "t.jsonl"], "gong jobs submit has no --json"],
    [
      ["jobs", "list", "--redis", "r"],
      "unknown subcommand gong jobs list (available: submit <tasks.jsonl>, status, results [--json], cancel <id>)",
    ],
  ])("%j is a usage error", (argv, error) => {
    const parsed = parseFleetArgs(argv, env);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.startsWith(error)).toBe(true);
  });

  it("nothing bin.js imports statically holds BullMQ (only gong worker / gong jobs load it)", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, "utf8");
      expect(code, file).not.toMatch(/bullmq|ioredis/i);
      for (const match of code.matchAll(/^import\s[^"'(]*?["'](\.\/[^"']+)["']/gm))
        visit(path.join(path.dirname(file), match[1]!));
    };
    visit(BIN);
    expect(seen.size).toBeGreaterThan(1);
  });
});
