import { randomBytes, randomUUID } from "node:crypto";

export const newSessionId = (): string => randomUUID();

/** Short entry ids (8 hex) keep lines small; `taken` guards the rare collision. */
export function newEntryId(taken: (id: string) => boolean): string {
  for (;;) {
    const id = randomBytes(4).toString("hex");
    if (!taken(id)) return id;
  }
}
