// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the syntax under test
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  expandEntry,
  mcpToolName,
  providerSchema,
  readMcpConfigFile,
  uniqueToolNames,
} from "../src/index.ts";

describe("mcp — tool names", () => {
  it("is mcp__<server>__<tool> when the parts are plain", () => {
    expect(mcpToolName("github", "create_issue")).toBe("mcp__github__create_issue");
  });

  it("replaces characters outside [A-Za-z0-9_-] and keeps look-alikes apart", () => {
    const dotted = mcpToolName("my.server", "get.file");
    expect(dotted).toMatch(/^mcp__my_server__get_file_[0-9a-f]{8}$/);
    expect(dotted).not.toBe(mcpToolName("my_server", "get_file"));
  });

  it("cuts names to 64 characters with a stable hash suffix", () => {
    const long = mcpToolName("a-very-long-server-name", "x".repeat(80));
    expect(long).toHaveLength(64);
    expect(long).toBe(mcpToolName("a-very-long-server-name", "x".repeat(80)));
    expect(long).not.toBe(mcpToolName("a-very-long-server-name", `${"x".repeat(79)}y`));
  });

  it("never gives two tools the same name", () => {
    const names = uniqueToolNames(
      [
        { server: "s", tool: "t" },
        { server: "s", tool: "t" },
      ],
      new Set(),
    );
    expect(new Set(names).size).toBe(2);
  });
});

describe("mcp — ${VAR} expansion", () => {
  const env = { TOKEN: "abc", EMPTY: "" };

  it("expands ${VAR} and ${VAR:-default} in command, args, env, url and headers", () => {
    expect(
      expandEntry({ command: "${TOKEN}", args: ["--x=${NOPE:-d}"], env: { T: "${TOKEN}" } }, env),
    ).toEqual({
      ok: true,
      entry: { command: "abc", args: ["--x=d"], env: { T: "abc" } },
      withheld: [],
    });
    expect(
      expandEntry(
        { type: "http", url: "https://h/${TOKEN}", headers: { A: "Bearer ${TOKEN}" } },
        env,
      ),
    ).toEqual({
      ok: true,
      entry: { type: "http", url: "https://h/abc", headers: { A: "Bearer abc" } },
      withheld: [],
    });
  });

  it("names the variables that are unset and have no default", () => {
    expect(expandEntry({ command: "x", args: ["${NOPE}", "${EMPTY}"] }, env)).toEqual({
      ok: false,
      missing: ["NOPE", "EMPTY"],
      withheld: [],
    });
  });

  it("a withheld variable (a provider key, for a project's entry) reads as unset everywhere, and is named", () => {
    const keys = { ...env, ANTHROPIC_API_KEY: "sk-secret", OPENAI_API_KEY: "sk-other" };
    const withheld = new Set(["ANTHROPIC_API_KEY", "OPENAI_API_KEY"]);
    expect(
      expandEntry(
        {
          type: "http",
          url: "https://h/${ANTHROPIC_API_KEY:-none}",
          headers: { A: "$${OPENAI_API_KEY:-}{ANTHROPIC_API_KEY}", B: "${TOKEN}" },
        },
        keys,
        withheld,
      ),
    ).toEqual({
      ok: true,
      entry: {
        type: "http",
        url: "https://h/none",
        headers: { A: "${ANTHROPIC_API_KEY}", B: "abc" },
      },
      withheld: ["ANTHROPIC_API_KEY", "OPENAI_API_KEY"],
    });
    expect(
      expandEntry({ command: "x", args: ["${OPENAI_API_KEY}"], env: { K: "x" } }, keys, withheld),
    ).toEqual({ ok: false, missing: ["OPENAI_API_KEY"], withheld: ["OPENAI_API_KEY"] });
  });
});

describe("mcp — schemas every provider accepts", () => {
  it("passes a plain object schema through without $schema", () => {
    const schema = { $schema: "x", type: "object", properties: { a: { type: "string" } } };
    expect(providerSchema(schema)).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
    });
  });

  it("merges a top-level anyOf into one object schema (Anthropic and OpenAI reject it)", () => {
    const schema = {
      anyOf: [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { b: { type: "number" } } },
      ],
    };
    expect(providerSchema(schema)).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
    });
  });

  it("gives a schema without properties an empty properties object", () => {
    expect(providerSchema({ type: "object" })).toEqual({ type: "object", properties: {} });
  });
});

describe("mcp — .mcp.json validation", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gong-mcp-config-"));

  it("reads Claude Code's .mcp.json shape", () => {
    const file = path.join(dir, "ok.json");
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          local: { command: "node", args: ["s.js"], env: { A: "1" }, timeout: 2000 },
          remote: { type: "http", url: "https://example.com/mcp", headers: { X: "y" } },
        },
      }),
    );
    const read = readMcpConfigFile(file);
    expect(read.warnings).toEqual([]);
    expect(Object.keys(read.servers)).toEqual(["local", "remote"]);
  });

  it("gives one file:line:col warning per wrong entry and keeps the others", () => {
    const file = path.join(dir, "bad.json");
    writeFileSync(
      file,
      [
        "{",
        '  "mcpServers": {',
        '    "good": { "command": "node" },',
        '    "typo": { "comand": "node" },',
        '    "remote": { "type": "http" }',
        "  }",
        "}",
      ].join("\n"),
    );
    const read = readMcpConfigFile(file);
    expect(Object.keys(read.servers)).toEqual(["good"]);
    // The unknown key is named first (issue 38 item 5), then the entry it leaves unusable.
    expect(read.warnings).toHaveLength(3);
    expect(read.warnings[0]).toBe(
      `${file}: MCP server keys gong does not use were ignored (typo.comand); the servers load without them`,
    );
    expect(read.warnings[1]).toMatch(
      new RegExp(`^${file}:4:\\d+: "mcpServers.typo" must be a server entry`),
    );
    expect(read.warnings[2]).toMatch(new RegExp(`^${file}:5:\\d+: "mcpServers.remote"`));
  });

  it("a missing file is no servers and no warning", () => {
    expect(readMcpConfigFile(path.join(dir, "none.json"))).toEqual({
      servers: {},
      warnings: [],
      found: false,
    });
  });
});
