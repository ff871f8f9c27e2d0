// `node ../../scripts/clean-dist.mjs && tsc -p tsconfig.build.json` (a package's build):
// tsc never deletes, so a moved or deleted source file would leave its old .js in dist/,
// importable by a stale path in a local build (CI's fresh clone has none). Empties dist/.
import { rmSync } from "node:fs";

rmSync("dist", { recursive: true, force: true });
