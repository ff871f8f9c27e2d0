import { spawnSync } from "node:child_process";
import { SESSION_SWITCHES, SESSION_VALUE_FLAGS } from "@gong/protocol/session-flags";
import { describe, expect, it } from "vitest";
import { parseArgs } from "../src/args.js";
import { HELP_TEXT } from "../src/help.js";
import { BIN } from "./harness.js";

describe("gong-rpc flags — the CLI's session flags plus --acp and --cwd", () => {
  it("parses every flag", () => {
    const parsed = parseArgs([
      "--acp",
      "--cwd",
      "/p",
      "--provider",
      "openai",
      "--model",
      "gpt-4o",
      "--api-key",
      "k",
      "--base-url",
      "http://localhost:1",
      "--thinking",
      "high",
      "--preset",
      "readonly",
      "--tools",
      "read, grep",
      "--session",
      "abcd",
      "--allow-path",
      "/a",
      "--allow-path",
      "/b",
      "--trust",
      "--confirm-timeout",
      "5",
    ]);
    expect(parsed).toEqual({
      ok: true,
      args: expect.objectContaining({
        acp: true,
        cwd: "/p",
        provider: "openai",
        model: "gpt-4o",
        apiKey: "k",
        baseUrl: "http://localhost:1",
        thinking: "high",
        preset: "readonly",
        tools: ["read", "grep"],
        session: "abcd",
        allowPaths: ["/a", "/b"],
        trust: true,
        confirmTimeoutMs: 5000,
      }),
    });
  });

  it.each([
    [
      ["--thinking", "max"],
      '--thinking must be one of off, minimal, low, medium, high (got "max")',
    ],
    [["--preset", "all"], '--preset must be one of default, minimal, readonly (got "all")'],
    [["-c", "--session", "x"], "-c/--continue and --session cannot be combined: pick one session"],
    [["--no-session", "-c"], "--no-session cannot be combined with -c/--continue"],
    [
      ["--base-url", "localhost"],
      '--base-url must start with http:// or https:// (got "localhost")',
    ],
    [["--confirm-timeout", "0"], "--confirm-timeout must be a number of seconds > 0"],
  ])("refuses %j", (argv, error) => {
    expect(parseArgs(argv)).toEqual({ ok: false, error });
  });

  it("refuses an unknown flag and a positional argument", () => {
    expect(parseArgs(["--print"])).toMatchObject({
      ok: false,
      error: expect.stringContaining("--print"),
    });
    expect(parseArgs(["hello"])).toMatchObject({ ok: false });
  });
});

describe("gong-rpc reads the flags it shares with gong from one definition", () => {
  // gong's words for each (apps/cli/test/args.test.ts): gong-rpc took these values as given.
  it.each([
    [["--provider", ""], "--provider needs a non-empty value"],
    [["--model="], "--model needs a non-empty value"],
    [["--session-dir", ""], "--session-dir needs a non-empty value"],
    [["--allow-path", ""], "--allow-path needs a directory"],
  ])("refuses %j as gong does", (argv, error) => {
    expect(parseArgs(argv)).toEqual({ ok: false, error });
  });

  it.each(Object.keys({ ...SESSION_SWITCHES, ...SESSION_VALUE_FLAGS }))(
    "--help documents the shared --%s",
    (flag) => {
      expect(HELP_TEXT).toMatch(new RegExp(`^  (-\\w, )?--${flag}\\b`, "m"));
    },
  );

  it("the built gong-rpc exits 2 with gong's message for an empty --model", () => {
    const run = spawnSync(process.execPath, [BIN, "--model", ""], {
      encoding: "utf8",
      input: "",
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "gong-rpc: --model needs a non-empty value. Run gong-rpc --help for usage.\n",
    );
  });
});
