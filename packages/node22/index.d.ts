/** The Node 22 binary's path, or why this machine has none. */
export declare function node22(): { ok: true; path: string } | { ok: false; reason: string };
