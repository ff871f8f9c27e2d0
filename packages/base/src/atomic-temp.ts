/**
 * The temporary file an atomic write puts beside its target before renaming it over the
 * target: `.name.<12 hex>.tmp`. Named here so that whatever looks at a folder while a
 * write runs (the checkpoint store's snapshot) can leave it out.
 */
import { randomBytes } from "node:crypto";

/** A fresh temporary name for a write of `name`. */
export function atomicTempName(name: string): string {
  return `.${name}.${randomBytes(6).toString("hex")}.tmp`;
}

/** A gitignore pattern matching every name `atomicTempName` makes, in any folder. */
export const ATOMIC_TEMP_PATTERN = `.*.${"[0-9a-f]".repeat(12)}.tmp`;
