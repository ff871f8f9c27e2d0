export type { NotificationType, SessionEndReason, SubagentInfo } from "./claude-events.js";
export type { CommandHooks, CommandHooksConfig } from "./command-hooks.js";
export { createCommandHooks } from "./command-hooks.js";
export { CommandHooksSchema } from "./hooks-schema.js";
export { loadHookModules } from "./load-modules.js";
export { permissionAsker } from "./permission-asker.js";
