import { OUTPUT_LEVELS, PRESETS, THINKING } from "@gong/protocol/session-flags";
import { describe, expect, it } from "vitest";
import { type CliArgs, parseArgs } from "../src/args.js";
import { HELP_TEXT } from "../src/help.js";

function ok(argv: string[]): CliArgs {
  const result = parseArgs(argv);
  if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
  return result.args;
}

function error(argv: string[]): string {
  const result = parseArgs(argv);
  if (result.ok) throw new Error("expected a usage error");
  return result.error;
}

describe("CLI arguments — every flag of ARCHITECTURE §7", () => {
  it("parses the value flags in both --flag value and --flag=value forms", () => {
    const args = ok([
      "-p",
      "--mode=json",
      "--provider",
      "openai",
      "--model",
      "gpt-4o",
      "--api-key",
      "sk-1",
      "--base-url=http://127.0.0.1:9/v1",
      "--thinking",
      "high",
      "--tools",
      "read, grep",
      "--session-dir",
      "/tmp/s",
      "--system-prompt",
      "be brief",
      "--append-system-prompt",
      "extra",
      "--allow-path",
      "/a",
      "--allow-path",
      "/b",
      "--output-level",
      "brief",
      "--verbose",
      "hello",
      "world",
    ]);
    expect(args).toMatchObject({
      print: true,
      mode: "json",
      provider: "openai",
      model: "gpt-4o",
      apiKey: "sk-1",
      baseUrl: "http://127.0.0.1:9/v1",
      thinking: "high",
      tools: ["read", "grep"],
      sessionDir: "/tmp/s",
      systemPrompt: "be brief",
      appendSystemPrompt: "extra",
      allowPaths: ["/a", "/b"],
      outputLevel: "brief",
      verbose: true,
      messages: ["hello", "world"],
    });
  });

  it("parses the session switches", () => {
    expect(ok(["-c", "hi"]).continue).toBe(true);
    expect(ok(["--continue"]).continue).toBe(true);
    expect(ok(["--no-session", "-p", "x"]).noSession).toBe(true);
    expect(ok(["--session", "abc.jsonl"]).session).toBe("abc.jsonl");
    expect(ok(["--preset", "readonly"]).preset).toBe("readonly");
  });

  it("--yes is a switch, off by default", () => {
    expect(ok(["--yes", "-p", "x"])).toMatchObject({ yes: true, messages: ["x"] });
    expect(ok(["-p", "x"]).yes).toBe(false);
    expect(error(["--yes=1"])).toBe("--yes does not take a value");
  });
  it("--trust is a switch, off by default", () => {
    expect(ok(["--trust", "-p", "x"])).toMatchObject({ trust: true, messages: ["x"] });
    expect(ok(["-p", "x"]).trust).toBe(false);
    expect(error(["--trust=yes"])).toBe("--trust does not take a value");
  });

  it("-r takes an id prefix when one follows, else means 'list the sessions'", () => {
    expect(ok(["-r", "0199ab", "-p", "go on"])).toMatchObject({
      resume: "0199ab",
      messages: ["go on"],
    });
    expect(ok(["--resume=0199"]).resume).toBe("0199");
    expect(ok(["-r"]).resume).toBe(true);
    expect(ok(["-r", "fix the bug"])).toMatchObject({ resume: true, messages: ["fix the bug"] });
    expect(ok(["-r", "-p", "x"]).resume).toBe(true);
  });

  it("--list-models takes an optional search term", () => {
    expect(ok(["--list-models"]).listModels).toBe(true);
    expect(ok(["--list-models", "sonnet"]).listModels).toBe("sonnet");
  });

  it("--export with -p is a usage error, not an output file named after the prompt", () => {
    expect(error(["--export", "0199", "-p", "x"])).toMatch(/cannot be combined with -p\/--print/);
    expect(error(["-p", "--export", "0199"])).toMatch(/cannot be combined with -p\/--print/);
  });

  it("--export takes a session and an optional output file", () => {
    expect(ok(["--export", "0199"]).export).toEqual({ session: "0199" });
    expect(ok(["--export", "0199", "out.html"]).export).toEqual({
      session: "0199",
      out: "out.html",
    });
    expect(error(["--export", "0199", "out.html", "extra"])).toMatch(
      /--export takes <session> \[out.html\]/,
    );
  });

  it("-- ends the options", () => {
    expect(ok(["-p", "--", "--not-a-flag"]).messages).toEqual(["--not-a-flag"]);
  });

  it("--version, -v, --help and -h", () => {
    expect(ok(["--version"]).version).toBe(true);
    expect(ok(["-v"]).version).toBe(true);
    expect(ok(["--help"]).help).toBe(true);
    expect(ok(["-h"]).help).toBe(true);
  });
});

describe("CLI arguments — usage errors", () => {
  it("an unknown flag", () => {
    expect(error(["--frobnicate"])).toBe("unknown option --frobnicate");
  });
  it("a missing value", () => {
    expect(error(["--model"])).toBe("--model needs a value");
  });
  it("a value outside the choices", () => {
    expect(error(["--mode", "yaml"])).toBe('--mode must be one of text, json (got "yaml")');
    expect(error(["--thinking", "max"])).toMatch(
      /--thinking must be one of off, minimal, low, medium, high/,
    );
    expect(error(["--preset", "all"])).toMatch(
      /--preset must be one of default, minimal, readonly/,
    );
    expect(error(["--output-level", "huge"])).toMatch(
      /--output-level must be one of brief, standard, full/,
    );
  });
  it("conflicting session choices", () => {
    expect(error(["-c", "--session", "x.jsonl"])).toMatch(/cannot be combined/);
    expect(error(["--no-session", "-c"])).toMatch(/--no-session cannot be combined with -c/);
  });
  it("--all goes with -r alone; -r --all parses as the listing of every folder", () => {
    expect(error(["--all"])).toMatch(/--all goes with -r alone/);
    expect(error(["-r", "abc", "--all"])).toMatch(/--all goes with -r alone/);
    const parsed = parseArgs(["-r", "--all"]);
    expect(parsed.ok && parsed.args.resume === true && parsed.args.all).toBe(true);
  });
  it("a switch given a value, and a base URL without a scheme", () => {
    expect(error(["--print=yes"])).toBe("--print does not take a value");
    expect(error(["--base-url", "localhost:8080"])).toMatch(/must start with http:\/\//);
  });
});

describe("CLI --help", () => {
  const flags = [
    "--print",
    "--mode",
    "--provider",
    "--model",
    "--api-key",
    "--base-url",
    "--thinking",
    "--tools",
    "--preset",
    "--continue",
    "--resume",
    "--all",
    "--session",
    "--session-dir",
    "--no-session",
    "--system-prompt",
    "--append-system-prompt",
    "--allow-path",
    "--mcp-config",
    "--output-level",
    "--export",
    "--list-models",
    "--worktree",
    "--trust",
    "--yes",
    "--version",
    "--help",
  ];
  it.each(flags)("documents %s with an example", (flag) => {
    const lines = HELP_TEXT.split("\n");
    const at = lines.findIndex((line) => line.includes(flag));
    expect(at).toBeGreaterThanOrEqual(0);
    const example = lines.slice(at + 1, at + 5).find((line) => line.trim().startsWith("gong "));
    expect(example, `an example line under ${flag}`).toBeDefined();
  });
});

describe("CLI arguments — --worktree and gong worktree", () => {
  it("--worktree takes an optional one-word name; a phrase stays the prompt", () => {
    expect(ok(["--worktree", "-p", "hi"])).toMatchObject({ worktree: true, messages: ["hi"] });
    expect(ok(["--worktree", "fix-a", "-p", "hi"])).toMatchObject({ worktree: "fix-a" });
    expect(ok(["--worktree=fix-a", "-p", "hi"])).toMatchObject({ worktree: "fix-a" });
    expect(ok(["-p", "--worktree", "fix the bug"])).toMatchObject({
      worktree: true,
      messages: ["fix the bug"],
    });
  });

  it("not with -r <id> or --export, which pick their own folder", () => {
    expect(error(["--worktree", "a", "-r", "0199a3f2"])).toMatch(
      /--worktree cannot go with -r <id>/,
    );
    expect(error(["--worktree", "a", "--export", "0199a3f2"])).toMatch(/--export/);
  });

  it("gong worktree list | remove <name> [--force], only as the first word", () => {
    expect(ok(["worktree", "list"]).worktreeCommand).toEqual({ name: "list" });
    expect(ok(["worktree", "remove", "a", "--force"]).worktreeCommand).toEqual({
      name: "remove",
      worktree: "a",
      force: true,
    });
    expect(ok(["-p", "worktree", "list"]).worktreeCommand).toBeUndefined();
    expect(error(["worktree"])).toMatch(/needs a subcommand: list, remove/);
    expect(error(["worktree", "remove"])).toMatch(/takes one worktree name/);
    expect(error(["worktree", "prune"])).toMatch(/unknown subcommand gong worktree prune/);
  });
});

describe("CLI arguments — gong mcp subcommands", () => {
  it("only as the first word: gong mcp list, gong mcp get <name>", () => {
    expect(ok(["mcp", "list"]).mcpCommand).toEqual({ name: "list" });
    expect(ok(["mcp", "get", "github", "--mcp-config", "s.json"])).toMatchObject({
      mcpCommand: { name: "get", server: "github" },
      mcpConfig: ["s.json"],
    });
    expect(ok(["-p", "mcp", "list"]).mcpCommand).toBeUndefined();
    expect(ok(["mcp", "login", "linear"]).mcpCommand).toEqual({ name: "login", server: "linear" });
    expect(ok(["mcp", "logout", "linear"]).mcpCommand).toEqual({
      name: "logout",
      server: "linear",
    });
    expect(error(["mcp", "login"])).toBe("gong mcp login takes one server name");
  });
  it("a wrong subcommand is a usage error naming the ones there are", () => {
    expect(error(["mcp"])).toBe(
      "gong mcp needs a subcommand: list, get <name>, add, remove, login <name>, logout <name>",
    );
    expect(error(["mcp", "rm"])).toBe(
      "unknown subcommand gong mcp rm (available: list, get <name>, add, remove, login <name>, logout <name>)",
    );
    expect(error(["mcp", "add"])).toMatch(
      /^gong mcp add needs a server name\nusage: gong mcp add /,
    );
    expect(error(["mcp", "get"])).toBe("gong mcp get takes one server name");
  });
});

describe("CLI arguments — kept when parsing moved to node:util", () => {
  it("short flags are not grouped: -pc is an unknown option, not -p -c", () => {
    expect(error(["-pc", "x"])).toBe("unknown option -pc");
    expect(error(["-rabc"])).toBe("unknown option -rabc");
  });
  it("a mistyped long flag names the closest one", () => {
    expect(error(["--contnue"])).toBe("unknown option --contnue (did you mean --continue?)");
  });
  it("a value flag takes the next word even when it starts with a dash", () => {
    expect(ok(["--system-prompt", "-be terse-", "-p", "x"]).systemPrompt).toBe("-be terse-");
  });
  it("--resume= (empty) means 'list the sessions'", () => {
    expect(ok(["--resume="]).resume).toBe(true);
  });
});

// The lists are pinned to llm's and tools' own in packages/protocol/test/session-flags.test.ts.
describe("gong takes the values of the flags it shares with gong-rpc from one definition", () => {
  it("--thinking, --preset and --output-level accept exactly the shared lists", () => {
    for (const thinking of THINKING) expect(ok(["--thinking", thinking]).thinking).toBe(thinking);
    for (const preset of PRESETS) expect(ok(["--preset", preset]).preset).toBe(preset);
    for (const level of OUTPUT_LEVELS)
      expect(ok(["--output-level", level]).outputLevel).toBe(level);
  });
});
