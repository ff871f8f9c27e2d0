import { describe, expect, it } from "vitest";
import {
  COMMAND_SCHEMAS,
  PAGE_COMMAND_SCHEMAS,
  parseCommandLine,
  RPC_COMMANDS,
  WEB_COMMANDS,
} from "../src/index.js";

const line = (command: object) => JSON.stringify(command);

describe("command sets — gong-rpc's commands, and gong web's page takes its own besides", () => {
  it("gong-rpc does not take the page's commands: an unknown command, its known list unchanged", () => {
    const parsed = parseCommandLine(line({ type: "list_sessions", id: 4 }), RPC_COMMANDS);
    expect(parsed).toEqual({
      ok: false,
      command: "list_sessions",
      id: 4,
      error: `unknown command type "list_sessions"; known: ${COMMAND_SCHEMAS.map((schema) => schema.properties.type.const).join(", ")}`,
    });
  });

  it("the page takes every gong-rpc command and its own, each example accepted", () => {
    for (const schema of [...COMMAND_SCHEMAS, ...PAGE_COMMAND_SCHEMAS]) {
      for (const example of schema.examples as object[]) {
        expect(parseCommandLine(line(example), WEB_COMMANDS)).toMatchObject({ ok: true });
      }
    }
  });

  it("a page command's fields are checked by its schema", () => {
    expect(parseCommandLine(line({ type: "navigate_tree" }), WEB_COMMANDS)).toMatchObject({
      ok: false,
      error: '"entryId" is required',
    });
    expect(
      parseCommandLine(line({ type: "set_label", entryId: "e", label: null }), WEB_COMMANDS),
    ).toMatchObject({ ok: false, error: '"label" must be a string (got null)' });
    expect(parseCommandLine(line({ type: "set_label", entryId: "e" }), WEB_COMMANDS)).toEqual({
      ok: true,
      command: { type: "set_label", entryId: "e" },
    });
  });
});
