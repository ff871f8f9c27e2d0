export type { ConfirmedCalls } from "./confirm-call.js";
export { confirmCall, noConfirmationReason } from "./confirm-call.js";
export type { ConfigWriteGuard } from "./confirm-config-write.js";
export { createConfigWriteGuard } from "./confirm-config-write.js";
export {
  createExitPlanModeTool,
  EXIT_PLAN_MODE,
  type PlanApproval,
  type PlanDecision,
} from "./exit-plan-mode-tool.js";
export { readDenyRules } from "./hidden-paths.js";
export type { PermissionMode } from "./permission-mode.js";
export { nextPermissionMode, PERMISSION_MODES, parsePermissionMode } from "./permission-mode.js";
export type { PermissionSettings } from "./permission-rules.js";
export { isPlanModeTool, planModeRefusal } from "./plan-mode-rule.js";
export { permissionRuleWarnings } from "./rule-warnings.js";
export { SessionPermissions } from "./session-permissions.js";
export { startPermissionMode } from "./start-mode.js";
export type {
  ConfirmationAnswer,
  ToolConfirmation,
  ToolConfirmationRequest,
} from "./tool-confirmation.js";
export { withCallPolicy } from "./user-calls.js";
