import { format } from "node:util";

type WarningSink = ((message: string) => void) | undefined;

/**
 * Client options that send the SDK's own log lines to `onWarning` instead of the
 * console: `warn` and `error` lines become warnings, `info`/`debug` are not produced.
 * Without `onWarning` they are dropped — a library must not write to the user's terminal.
 */
export function sdkLogOptions(onWarning: WarningSink) {
  const report = (message: string, ...rest: unknown[]) => onWarning?.(format(message, ...rest));
  const ignore = (_message: string, ..._rest: unknown[]) => {};
  return {
    logLevel: "warn" as const,
    logger: { error: report, warn: report, info: ignore, debug: ignore },
  };
}

/**
 * Runs `call` (an SDK `create()`) with `console.warn` pointed at `onWarning`. The
 * Anthropic SDK prints model-deprecation notices with a bare `console.warn` inside
 * `create()`, past its logger option. The swap covers only this synchronous call — no
 * other code can run before it is restored — and the returned promise is not awaited here.
 */
export function routeConsoleWarnings<T>(onWarning: WarningSink, call: () => T): T {
  const original = console.warn;
  console.warn = (...args: unknown[]) => onWarning?.(format(...args));
  try {
    return call();
  } finally {
    console.warn = original;
  }
}
