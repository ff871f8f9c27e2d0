/**
 * What every built-in tool is built with: the path policy, the file-system backend,
 * the read tracker shared by read/write/edit, and the tool-output folder.
 * `createCodingTools` makes one and hands it to each tool factory.
 */
import type { FileOperations } from "./fs/operations.js";
import type { ReadTracker } from "./fs/read-tracker.js";
import type { PathPolicy } from "./path/policy.js";

export interface ToolEnvironment {
  policy: PathPolicy;
  fs: FileOperations;
  tracker: ReadTracker;
  /** Absolute tool-output folder (bash full logs). */
  outputDir: string;
}
