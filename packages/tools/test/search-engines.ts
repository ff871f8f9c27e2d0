import { detectSearchBinaries } from "../src/search/binaries.js";

/**
 * grep and find run every scenario twice: with rg/fd from PATH and with the pure-Node
 * fallback (forced, as on a host without them). When rg/fd are not installed the
 * "native" run is skipped and says so, rather than silently testing the fallback twice.
 */
export const installed = detectSearchBinaries();
export const engines = [
  {
    name: "native",
    search: { mode: "auto" as const },
    available: { rg: !!installed.rg, fd: !!installed.fd },
  },
  { name: "node fallback", search: { mode: "node" as const }, available: { rg: true, fd: true } },
];
