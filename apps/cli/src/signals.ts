/**
 * How signals end a run (ARCHITECTURE §7: 130 / 143 aborted by SIGINT / SIGTERM; SIGHUP,
 * the terminal closing, likewise 128 + its number). The first signal asks the run to
 * stop; it then ends the ordinary way, so the session closes, its background jobs end
 * and the last messages are saved. A second signal means "now": the caller's `force`
 * gets no time to wait (Node's default would kill gong and leave the jobs running).
 */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

const STOP_SIGNALS = Object.keys(SIGNAL_EXIT_CODES) as StopSignal[];

export interface StopSignalHandlers {
  /** The first signal: stop the run and let it wind down. */
  stop(signal: StopSignal): void;
  /** Any later signal: end at once (must not return to a run that keeps going). */
  force(signal: StopSignal): void;
}

export interface StopSignalListener {
  /** The first signal received, if any. */
  readonly received: StopSignal | undefined;
  /** Stops listening (Node's defaults apply again). */
  dispose(): void;
}

export function listenForStopSignals(handlers: StopSignalHandlers): StopSignalListener {
  let received: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    if (received === undefined) {
      received = signal;
      handlers.stop(signal);
    } else {
      handlers.force(signal);
    }
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return {
    get received() {
      return received;
    },
    dispose() {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    },
  };
}
