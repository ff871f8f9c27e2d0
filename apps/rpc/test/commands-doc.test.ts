import { readFileSync, writeFileSync } from "node:fs";
import { COMMAND_SCHEMAS, parseCommandLine } from "@gong/protocol";
import type { TObject, TSchema } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";

const DOC = new URL("../docs/rpc.md", import.meta.url);

/** The cells of each row of the table under `## Commands` in docs/rpc.md, header left out. */
function documentedRows(): string[][] {
  const lines = readFileSync(DOC, "utf8").split("\n");
  const start = lines.indexOf("## Commands");
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("#")) break;
    if (!line.startsWith("|")) continue;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  // The header and the `| --- |` line.
  return rows.slice(2);
}

const cell = (text: string) => text.replaceAll("|", "\\|");

/** `name?` (what it is): the description, or a choice's values. */
function fieldText(name: string, schema: TSchema, required: boolean): string {
  const choices = (schema.anyOf as TSchema[] | undefined)?.map((s) => `\`"${s.const}"\``);
  const about = schema.description ?? choices?.join(" | ");
  return `\`${name}${required ? "" : "?"}\`${about ? ` (${about})` : ""}`;
}

/** The row the schema gives: command, fields, response `data`, example(s). */
function schemaRow(schema: TObject): string[] {
  const type = schema.properties.type!.const as string;
  const fields = Object.entries(schema.properties)
    .filter(([name]) => name !== "type" && name !== "id")
    .map(([name, field]) => fieldText(name, field, schema.required?.includes(name) ?? false));
  const examples = (schema.examples as object[]).map((example) => `\`${JSON.stringify(example)}\``);
  return [
    `\`${type}\``,
    fields.length > 0 ? cell(fields.join(", ")) : "—",
    cell(schema.response as string),
    cell(examples.join(", ")),
  ];
}

/**
 * `UPDATE_RPC_DOC=1 npx vitest run test/commands-doc.test.ts` rewrites the table from the
 * schemas (then `npx biome format --write docs/rpc.md` pads it), so a new command's row
 * is never written by hand.
 */
function rewriteTable(rows: string[][]): void {
  const lines = readFileSync(DOC, "utf8").split("\n");
  const start = lines.indexOf("## Commands");
  const first = lines.findIndex((line, i) => i > start && line.startsWith("|"));
  let end = first;
  while (lines[end]?.startsWith("|")) end++;
  const table = [lines[first]!, lines[first + 1]!, ...rows.map((row) => `| ${row.join(" | ")} |`)];
  lines.splice(first, end - first, ...table);
  writeFileSync(DOC, lines.join("\n"));
}

describe("gong-rpc commands are described once — docs/rpc.md's table is the schemas'", () => {
  it("the Commands table lists every command with the fields, response and examples of its schema", () => {
    if (process.env.UPDATE_RPC_DOC) rewriteTable(COMMAND_SCHEMAS.map(schemaRow));
    expect(documentedRows()).toEqual(COMMAND_SCHEMAS.map(schemaRow));
  });

  it("every example of a command is a command its schema accepts", () => {
    for (const schema of COMMAND_SCHEMAS) {
      for (const example of schema.examples as object[]) {
        expect(parseCommandLine(JSON.stringify(example))).toMatchObject({ ok: true });
      }
    }
  });
});
