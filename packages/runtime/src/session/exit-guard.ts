/**
 * How an app ends around its session, the same in `gong` and `gong-rpc` (apps/cli/README.md:
 * 130 / 143 aborted by SIGINT / SIGTERM; SIGHUP, the terminal closing, likewise 128 + its
 * number). The first signal asks the app to stop; it then ends the ordinary way, so the
 * session closes, its background jobs end and the last messages are saved. A second
 * signal means "now": the session's process groups are killed and the process exits
 * (Node's default would kill the app and leave the jobs running). Any exit that skips
 * the session's `close` (a crash, stdout gone) still ends its process groups.
 */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

const STOP_SIGNALS = Object.keys(SIGNAL_EXIT_CODES) as StopSignal[];

export interface ExitGuardOptions {
  /** The first signal: stop and let the app wind down. */
  stop(signal: StopSignal): void;
  /** A later signal, just before the process exits at once (restore the terminal, a last line). */
  beforeForcedExit?(signal: StopSignal): void;
  /**
   * What owns the process groups no exit may leave running (the session's `processes`),
   * once there is one.
   */
  processes(): { killNow(): void } | undefined;
}

export interface ExitGuard {
  /** The first signal received, if any. */
  readonly received: StopSignal | undefined;
  /** Stops guarding (Node's defaults apply again). */
  dispose(): void;
}

export function guardExit(options: ExitGuardOptions): ExitGuard {
  let received: StopSignal | undefined;
  const killProcesses = () => options.processes()?.killNow();
  const onSignal = (signal: StopSignal) => {
    if (received === undefined) {
      received = signal;
      options.stop(signal);
      return;
    }
    options.beforeForcedExit?.(signal);
    killProcesses();
    process.exit(SIGNAL_EXIT_CODES[signal]);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  process.once("exit", killProcesses);
  return {
    get received() {
      return received;
    },
    dispose() {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
      process.off("exit", killProcesses);
    },
  };
}
