/**
 * How long a test helper waits for something (a line, a screen, an exit) before it gives
 * up with what it saw. Only a hang guard, never a timing assertion: the tests pass on a
 * loaded 2-core laptop, so this is minutes. Shorter than vitest's own hang timeout
 * (`vitest.shared.ts`, 10 minutes) so that a hung wait fails with its own message first.
 */
export const HANG_GUARD_MS = 5 * 60_000;
