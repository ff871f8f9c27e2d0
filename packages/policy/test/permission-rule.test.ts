import { mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decideCall } from "../src/decide-call.js";
import type { PermissionMode } from "../src/permission-mode.js";
import { parsePermissionRule, ruleMatches } from "../src/permission-rule.js";
import type { RuleVerdict } from "../src/permission-rules.js";
import { compileRules, judgeCall } from "../src/permission-rules.js";
import { ruleForCall } from "../src/rule-for-call.js";

const scope = { cwd: "/p", home: "/home/u" };

function matches(
  text: string,
  tool: string,
  params: Record<string, unknown>,
  mode: "allow" | "deny" = "allow",
) {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return ruleMatches(parsed.rule, tool, params, scope, mode);
}

describe("permission rules — Claude Code's forms", () => {
  it("Bash(npm test:*) is a prefix at a word boundary; Bash(git status) is exact", () => {
    expect(matches("Bash(npm test:*)", "bash", { command: "npm test --watch" })).toBe(true);
    expect(matches("Bash(npm test:*)", "bash", { command: "npm test" })).toBe(true);
    expect(matches("Bash(npm test:*)", "bash", { command: "npm testing" })).toBe(false);
    expect(matches("Bash(git status)", "bash", { command: "git status" })).toBe(true);
    expect(matches("Bash(git status)", "bash", { command: "git status -s" })).toBe(false);
    expect(matches("Bash(npm test *)", "bash", { command: "npm test --watch" })).toBe(true);
  });

  it("an allow prefix never covers a second command, a substitution or a redirection", () => {
    expect(matches("Bash(npm test:*)", "bash", { command: "npm test && rm -rf ~" })).toBe(false);
    expect(matches("Bash(npm test:*)", "bash", { command: "npm test $(rm -rf ~)" })).toBe(false);
    expect(matches("Bash(echo:*)", "bash", { command: "echo x > .bashrc" })).toBe(false);
    expect(matches("Bash(echo:*)", "bash", { command: "echo a; echo b" })).toBe(true);
  });

  it("a deny prefix refuses a command when it covers any part", () => {
    expect(matches("Bash(rm:*)", "bash", { command: "cd x && rm -rf y" }, "deny")).toBe(true);
    expect(matches("Bash(rm:*)", "bash", { command: "echo rm" }, "deny")).toBe(false);
  });

  it("Edit(src/**) covers edit and write below src, relative to the project; Read covers grep", () => {
    expect(matches("Edit(src/**)", "edit", { path: "src/a/b.ts" })).toBe(true);
    expect(matches("Edit(src/**)", "write", { path: "/p/src/x.ts" })).toBe(true);
    expect(matches("Edit(src/**)", "edit", { path: "lib/x.ts" })).toBe(false);
    expect(matches("Write(*.md)", "edit", { path: "README.md" })).toBe(false);
    expect(matches("Read(//etc/**)", "grep", { path: "/etc/hosts" })).toBe(true);
    expect(matches("Read(~/notes)", "read", { path: "/home/u/notes/a.txt" })).toBe(true);
  });

  it("mcp__server covers the whole server, mcp__server__tool one tool; bare names every call", () => {
    expect(matches("mcp__github", "mcp__github__list_issues", {})).toBe(true);
    expect(matches("mcp__github__*", "mcp__github__list_issues", {})).toBe(true);
    expect(matches("mcp__github__create", "mcp__github__list_issues", {})).toBe(false);
    expect(matches("Bash", "bash", { command: "anything" })).toBe(true);
    expect(
      matches("WebFetch(domain:example.com)", "web_fetch", { url: "https://docs.example.com/x" }),
    ).toBe(true);
  });

  it("what cannot be parsed says why and names the tool when it can", () => {
    expect(parsePermissionRule("Bash(npm test")).toMatchObject({ ok: false, tools: ["bash"] });
    expect(parsePermissionRule("Bash()")).toMatchObject({ ok: false });
    expect(parsePermissionRule("")).toMatchObject({ ok: false });
    expect(parsePermissionRule("mcp__x(y)")).toMatchObject({ ok: false });
  });
});

describe("permission rules — deny beats allow; a broken deny rule asks", () => {
  it("judges deny first, then a broken deny rule for the tool, then allow", () => {
    const rules = compileRules({ allow: ["Bash"], deny: ["Bash(rm:*)", "Edit(x"] });
    expect(judgeCall(rules, "bash", { command: "rm a" }, scope)).toEqual({
      verdict: "deny",
      rule: "Bash(rm:*)",
    });
    expect(judgeCall(rules, "bash", { command: "ls" }, scope)).toEqual({
      verdict: "allow",
      rule: "Bash",
    });
    expect(judgeCall(rules, "write", { path: "a" }, scope)).toEqual({
      verdict: "ask",
      rule: "Edit(x",
      broken: true,
    });
  });

  it("deny beats ask beats allow: ask Bash(git reset:*) next to allow Bash(git:*)", () => {
    const rules = compileRules({
      allow: ["Bash(git:*)"],
      ask: ["Bash(git reset:*)"],
      deny: ["Bash(git push --force:*)"],
    });
    expect(judgeCall(rules, "bash", { command: "git reset --hard" }, scope)).toEqual({
      verdict: "ask",
      rule: "Bash(git reset:*)",
    });
    // Like a deny rule, an ask rule covers a command when it covers any of its parts.
    expect(judgeCall(rules, "bash", { command: "git status && git reset --hard" }, scope)).toEqual({
      verdict: "ask",
      rule: "Bash(git reset:*)",
    });
    expect(judgeCall(rules, "bash", { command: "git push --force origin" }, scope)).toEqual({
      verdict: "deny",
      rule: "Bash(git push --force:*)",
    });
    expect(judgeCall(rules, "bash", { command: "git status" }, scope)).toEqual({
      verdict: "allow",
      rule: "Bash(git:*)",
    });
  });
});

describe("policy — decideCall reads mode, deny, ask, allow in that order", () => {
  const none = { verdict: "none" } as const;
  const call = (mode: PermissionMode, toolName: string, rules: RuleVerdict = none, edit = false) =>
    decideCall({ mode, toolName, rules, editInsideProject: edit }).decision;

  it("ask mode asks before file changes, bash, MCP tools and web_fetch; reading runs", () => {
    for (const tool of ["write", "edit", "bash", "web_fetch", "mcp__db__delete_row"])
      expect(call("ask", tool)).toBe("ask");
    for (const tool of ["read", "grep", "find", "ls", "task", "todo_write"])
      expect(call("ask", tool)).toBe("allow");
  });

  it("accept-edits runs edits inside the project and asks the rest", () => {
    expect(call("accept-edits", "edit", none, true)).toBe("allow");
    expect(call("accept-edits", "write", none, false)).toBe("ask");
    expect(call("accept-edits", "bash")).toBe("ask");
    expect(call("accept-edits", "mcp__db__query")).toBe("ask");
  });

  it("auto asks nothing for the mode's sake, but rules still apply", () => {
    expect(call("auto", "bash")).toBe("allow");
    expect(call("auto", "bash", { verdict: "ask", rule: "Bash(rm:*)" })).toBe("ask");
    expect(call("auto", "bash", { verdict: "deny", rule: "Bash(rm:*)" })).toBe("deny");
  });

  it("an allow rule answers the mode's question; an ask rule is asked even so", () => {
    expect(call("ask", "bash", { verdict: "allow", rule: "Bash(npm test:*)" })).toBe("allow");
    const asked = decideCall({
      mode: "ask",
      toolName: "bash",
      rules: { verdict: "ask", rule: "Bash(git reset:*)" },
      editInsideProject: false,
    });
    expect(asked).toEqual({
      decision: "ask",
      reason: "the permissions.ask rule Bash(git reset:*) asks before this call",
      remember: "call",
    });
  });
});

describe("permission rules — what 'always for this project' saves", () => {
  it("bash keeps the program and subcommand; files their path; a compound command is exact", () => {
    expect(ruleForCall("bash", { command: "npm test --watch" }, scope)).toBe("Bash(npm test:*)");
    expect(ruleForCall("bash", { command: "rm -rf build" }, scope)).toBe("Bash(rm:*)");
    expect(ruleForCall("bash", { command: "make && make install" }, scope)).toBe(
      "Bash(make && make install)",
    );
    expect(ruleForCall("edit", { path: "src/a.ts" }, scope)).toBe("Edit(src/a.ts)");
    expect(ruleForCall("write", { path: "/etc/x" }, scope)).toBe("Write(//etc/x)");
    expect(ruleForCall("mcp__gh__list", {}, scope)).toBe("mcp__gh__list");
  });

  it("a call a guard asked about (confirmBash) saves the exact command, which covers no other", () => {
    const exact = { exact: true };
    expect(ruleForCall("bash", { command: " rm  -rf build " }, scope, exact)).toBe(
      "Bash(rm -rf build)",
    );
    expect(matches("Bash(rm -rf build)", "bash", { command: "rm -rf build" })).toBe(true);
    expect(matches("Bash(rm -rf build)", "bash", { command: "rm -rf src" })).toBe(false);
    // A command that would read back as a prefix rule cannot be saved exactly: none offered.
    expect(ruleForCall("bash", { command: "ls *" }, scope, exact)).toBeUndefined();
    expect(ruleForCall("bash", { command: "echo a:*" }, scope, exact)).toBeUndefined();
    expect(ruleForCall("edit", { path: "src/a.ts" }, scope, exact)).toBe("Edit(src/a.ts)");
  });

  it("every saved rule covers the call it was saved for", () => {
    const calls: [string, Record<string, unknown>][] = [
      ["bash", { command: "make && make install" }],
      ["bash", { command: "echo hi > out.txt" }],
      ["write", { path: "/etc/x" }],
      ["edit", { path: "src/a.ts" }],
    ];
    for (const [tool, params] of calls) {
      const rule = ruleForCall(tool, params, scope)!;
      expect(matches(rule, tool, params), rule).toBe(true);
    }
  });
});

describe("permission rules — a deny rule follows symbolic links", () => {
  it("Read(.env) refuses a link to .env", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "gong-rule-"));
    writeFileSync(path.join(cwd, ".env"), "SECRET=1");
    symlinkSync(path.join(cwd, ".env"), path.join(cwd, "innocent.txt"));
    const parsed = parsePermissionRule("Read(.env)");
    if (!parsed.ok) throw new Error(parsed.error);
    const where = { cwd: realpathSync(cwd), home: "/home/u" };
    expect(ruleMatches(parsed.rule, "read", { path: "innocent.txt" }, where, "deny")).toBe(true);
    expect(ruleMatches(parsed.rule, "read", { path: "innocent.txt" }, where, "allow")).toBe(false);
  });
});
