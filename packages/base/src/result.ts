/**
 * An expected failure as a value (STYLE "Errors"): callers branch on `ok` instead of
 * catching. `E` is the package's own error record (session-store's `SessionStoreError`),
 * or a message a user can act on.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };
