// Gong's settings: the user, project and local files read, validated and merged (with
// Claude Code's keys mapped), the resources found on disk for a folder (context files,
// SYSTEM.md, the skills folders and their SKILL.md files, hook modules), the MCP servers
// a session starts, and where its session files go.
export {
  type AgentFile,
  type AgentFolderOptions,
  agentFolders,
  loadAgentFiles,
  parseAgentFile,
} from "./agents/agent-files.js";
export { sessionMcpServerSet, untrustedMcpJsonServers } from "./mcp-servers.js";
export { SANDBOX_NETWORK_DEFAULT } from "./project-sandbox.js";
export { type RememberedChoice, rememberChoice } from "./remember-choice.js";
export {
  contextFileIn,
  type DiscoverResourcesOptions,
  discoverResources,
  type Resources,
} from "./resources.js";
export { configuredSessionDir, resolveSessionDir } from "./session-dir.js";
export {
  type LoadedSettings,
  type LoadSettingsOptions,
  loadSettings,
} from "./settings.js";
export type {
  HookMatcherSetting,
  NotificationSetting,
  Settings,
  ToolPresetName,
} from "./settings-types.js";
export { loadSkills } from "./skills/load-skills.js";
export { type ParseSkillResult, parseSkillMarkdown } from "./skills/parse-skill.js";
