import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { formatConfigIssue, parseJsonConfig, validateConfig } from "../src/index.js";

const Schema = Type.Object(
  {
    preset: Type.Optional(Type.Union([Type.Literal("default"), Type.Literal("minimal")])),
    retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    tools: Type.Optional(Type.Array(Type.String())),
    hooks: Type.Optional(
      Type.Object(
        {
          Stop: Type.Optional(
            Type.Array(Type.Object({ command: Type.String() }, { additionalProperties: false })),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

function check(text: string) {
  const parsed = parseJsonConfig(text);
  if (!parsed.ok) throw new Error(parsed.message);
  const result = validateConfig(Schema, parsed.value, parsed.locate);
  return { value: result.value, lines: result.issues.map((i) => formatConfigIssue("s.json", i)) };
}

describe("validateConfig — one warning per problem, with line and column; the rest loads", () => {
  it("a wrong enum value and an out-of-range number drop only their keys", () => {
    const { value, lines } = check(
      '{\n  "preset": "nope",\n  "retries": 99,\n  "tools": ["read"]\n}',
    );
    expect(value).toEqual({ tools: ["read"] });
    expect(lines).toEqual([
      's.json:2:13: "preset" must be one of "default", "minimal" (found "nope"); the key was ignored',
      's.json:3:14: "retries" must be a whole number from 0 to 10 (found 99); the key was ignored',
    ]);
  });

  it("an unknown key is named at the key, with the known ones", () => {
    const { value, lines } = check('{"hooks": {"Stopp": []}}');
    expect(value).toEqual({ hooks: {} });
    expect(lines).toEqual([
      's.json:1:12: unknown key "hooks.Stopp" (known: Stop); the key was ignored',
    ]);
  });

  it("a list entry without a required key is dropped, its siblings kept", () => {
    const { value, lines } = check('{"hooks": {"Stop": [{}, {"command": "x"}, 3]}}');
    expect(value).toEqual({ hooks: { Stop: [{ command: "x" }] } });
    expect(lines).toEqual([
      's.json:1:21: "hooks.Stop[0]" needs "command"; the entry was ignored',
      's.json:1:43: "hooks.Stop[2]" must be an object (found 3); the entry was ignored',
    ]);
  });

  it("a wrong item type in an array of strings drops that item", () => {
    const { value, lines } = check('{"tools": ["read", 4]}');
    expect(value).toEqual({ tools: ["read"] });
    expect(lines).toEqual([
      's.json:1:20: "tools[1]" must be a string (found 4); the entry was ignored',
    ]);
  });

  it("comments and trailing commas are allowed", () => {
    const { value, lines } = check('{\n  // mine\n  "tools": ["read",],\n}');
    expect(value).toEqual({ tools: ["read"] });
    expect(lines).toEqual([]);
  });

  it("a syntax error names line and column", () => {
    const parsed = parseJsonConfig('{\n  "preset": minimal\n}');
    expect(parsed).toMatchObject({ ok: false, position: { line: 2, column: 13 } });
  });
});

describe("validateConfig — keys named like Object.prototype's stay plain keys", () => {
  it('a record keyed "__proto__", "constructor" and "toString" keeps all three as own keys', () => {
    const Servers = Type.Object({
      servers: Type.Optional(Type.Record(Type.String(), Type.Object({ command: Type.String() }))),
    });
    const parsed = parseJsonConfig(
      '{"servers": {"__proto__": {"command": "a"}, "constructor": {"command": "b"}, "toString": {"command": "c"}}}',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const { value } = validateConfig(Servers, parsed.value, parsed.locate);
    const servers = (value as { servers: Record<string, unknown> }).servers;
    expect(Object.keys(servers)).toEqual(["__proto__", "constructor", "toString"]);
    expect(Object.getPrototypeOf(servers)).toBe(Object.prototype);
    expect(Object.hasOwn(servers, "__proto__")).toBe(true);
  });
});
