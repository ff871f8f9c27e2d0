/**
 * The commands `gong web`'s page sends besides gong-rpc's: the session list of this
 * folder and the session tree (continue from an entry, label it) — what `/resume` and
 * `/tree` do in the terminal. Checked and answered like every command (parse-command.ts,
 * handlers.ts); switching and forking are gong-rpc's own `switch_session` and `fork`.
 * Listed in the CLI's README ("gong web"), not in docs/rpc.md: gong-rpc does not take them.
 */
import { Type } from "@sinclair/typebox";
import { command } from "./command-schemas.js";

export const PAGE_COMMAND_SCHEMAS = [
  command(
    "list_sessions",
    {},
    {
      response:
        "`{current, sessions [{id,path,modified,firstMessage,messageCount,name?}]}` (`current`: this session's file, null with `--no-session`)",
      examples: [{ type: "list_sessions" }],
    },
  ),
  command(
    "get_tree",
    {},
    {
      response:
        "`{leafIndex, entries [{entryId,line}]}`: the tree's lines as `/tree` shows them; `leafIndex` the current one (null when empty)",
      examples: [{ type: "get_tree" }],
    },
  ),
  command(
    "navigate_tree",
    { entryId: Type.String({ description: "from `get_tree`" }) },
    { response: "—", examples: [{ type: "navigate_tree", entryId: "a1b2c3d4" }] },
  ),
  command(
    "set_label",
    {
      entryId: Type.String({ description: "from `get_tree`" }),
      label: Type.Optional(Type.String({ description: "left out or empty: the label is removed" })),
    },
    {
      response: "—",
      examples: [{ type: "set_label", entryId: "a1b2c3d4", label: "before the refactor" }],
    },
  ),
] as const;
