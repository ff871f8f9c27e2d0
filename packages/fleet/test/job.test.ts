import { describe, expect, it } from "vitest";
import { parseTasksJsonl } from "../src/index.ts";

describe("parseTasksJsonl — a tasks file for gong jobs submit", () => {
  it("reads one task a line, blank lines skipped, with an optional id", () => {
    const text = [
      JSON.stringify({ repo: "https://example.com/a.git", prompt: "fix", ref: "main" }),
      "",
      JSON.stringify({
        id: "b-1",
        repo: "./b",
        prompt: "upgrade",
        limits: { maxTurns: 5 },
        env: { A: "1" },
      }),
    ].join("\n");
    expect(parseTasksJsonl(text)).toEqual({
      ok: true,
      tasks: [
        { job: { repo: "https://example.com/a.git", prompt: "fix", ref: "main" } },
        {
          id: "b-1",
          job: { repo: "./b", prompt: "upgrade", limits: { maxTurns: 5 }, env: { A: "1" } },
        },
      ],
    });
  });

  it("reports every bad line with its number and submits nothing", () => {
    const text = [
      JSON.stringify({ repo: "a", prompt: "ok" }),
      "{not json",
      JSON.stringify({ prompt: "no repo" }),
      JSON.stringify({ repo: "a", prompt: "x", limits: { maxTurns: 0 } }),
      JSON.stringify({ repo: "a", prompt: "x", promt: "typo" }),
    ].join("\n");
    const parsed = parseTasksJsonl(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toHaveLength(4);
    expect(parsed.errors[0]).toMatch(/^line 2: /);
    expect(parsed.errors[1]).toBe('line 3: "repo" is required (a git URL or path)');
    expect(parsed.errors[2]).toBe('line 4: "limits.maxTurns" must be a positive integer');
    expect(parsed.errors[3]).toMatch(/^line 5: unknown key "promt"/);
  });

  it("an empty file is an error, not zero jobs", () => {
    expect(parseTasksJsonl("\n\n")).toEqual({
      ok: false,
      errors: ["no tasks: the file has no JSON lines"],
    });
  });
});
