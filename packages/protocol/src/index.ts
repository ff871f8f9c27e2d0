// What gong-rpc and `gong web` both speak. The session flags both apps take are the
// subpath `@gong/protocol/session-flags` (it loads nothing else: an app's `--version`).
export { COMMAND_SCHEMAS } from "./commands/command-schemas.js";
export {
  type Command,
  type CommandSet,
  RPC_COMMANDS,
  WEB_COMMANDS,
} from "./commands/command-set.js";
export { PAGE_COMMAND_SCHEMAS } from "./commands/page-command-schemas.js";
export { parseCommandLine } from "./commands/parse-command.js";
export {
  type ClientQuestions,
  type OpenedProtocol,
  type ProtocolOptions,
  ProtocolSession,
  type ResponseLine,
} from "./protocol-session.js";
export type { UiRequestLine } from "./ui-requests.js";
export { toJsonLine } from "./wire/json-line.js";
export { type RunEndLine, type RunEndReason, runEndLine } from "./wire/run-end.js";
export type { TextDelta } from "./wire/text-delta.js";
export { subagentWireEncoder, type WireEncoder, wireEncoder } from "./wire/wire-events.js";
