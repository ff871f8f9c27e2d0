export { formatConfigIssue } from "./format-issue.js";
export type { JsonConfig, ParseJsonConfigResult, ReadJsonConfigResult } from "./json-config.js";
export { parseJsonConfig, readJsonConfigFile, setJsonConfigValue } from "./json-config.js";
export type { ConfigPosition } from "./position.js";
export { positionAt } from "./position.js";
export type { ConfigIssue, ConfigPath, ValidatedConfig } from "./validate-config.js";
export { validateConfig } from "./validate-config.js";
