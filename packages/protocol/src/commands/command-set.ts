/**
 * Which commands a protocol session takes: gong-rpc's (docs/rpc.md) or, for `gong web`'s
 * page, those and the page's own. One parser (parse-command.ts) and one dispatcher
 * (protocol-session.ts) serve both; a command outside the set is an unknown command.
 */
import { type Static, type TObject, Type } from "@sinclair/typebox";
import { COMMAND_SCHEMAS } from "./command-schemas.js";
import { PAGE_COMMAND_SCHEMAS } from "./page-command-schemas.js";

export interface CommandSet {
  /** Each command's schema by its `type`, in the order an unknown command's error lists them. */
  readonly schemas: ReadonlyMap<string, TObject>;
}

function commandSet(schemas: readonly TObject[]): CommandSet {
  return { schemas: new Map(schemas.map((schema) => [schema.properties.type!.const, schema])) };
}

/** gong-rpc's commands. */
export const RPC_COMMANDS: CommandSet = commandSet(COMMAND_SCHEMAS);

/** `gong web`'s: gong-rpc's and the page's own (`list_sessions`, `get_tree`, …). */
export const WEB_COMMANDS: CommandSet = commandSet([...COMMAND_SCHEMAS, ...PAGE_COMMAND_SCHEMAS]);

const CommandSchema = Type.Union([...COMMAND_SCHEMAS, ...PAGE_COMMAND_SCHEMAS]);
/** A command of either set, as parsed. */
export type Command = Static<typeof CommandSchema>;
export type CommandType = Command["type"];
