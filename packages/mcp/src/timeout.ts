/**
 * `MCP_TIMEOUT`'s milliseconds when it is a positive number; otherwise undefined. A file
 * of its own, without the SDK: a session reads it whether or not a server is configured,
 * and one without servers loads no MCP SDK (apps/cli/test/start-modules.test.ts).
 */
export function mcpTimeoutFromEnvironment(value: string | undefined): number | undefined {
  const ms = Number(value);
  return value && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
