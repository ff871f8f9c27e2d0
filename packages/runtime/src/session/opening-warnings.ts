/**
 * The warnings of a session being opened (a skipped settings file, a corrupt session
 * line, a hook module that does not load): held while it opens and returned with the
 * result, so an app shows them where it wants — after its header line, in its
 * transcript; raised later (a run, a settings reload), they go to the app's
 * `onWarning` as they happen.
 */
export function openingWarnings(later: ((message: string) => void) | undefined) {
  let held: string[] | undefined = [];
  return {
    warn(message: string): void {
      if (held) held.push(message);
      else later?.(message);
    },
    /** The warnings raised so far; from now on each goes straight to `later`. */
    opened(): string[] {
      const raised = held ?? [];
      held = undefined;
      return raised;
    },
  };
}
