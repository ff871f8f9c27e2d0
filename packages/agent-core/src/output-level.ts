import { OUTPUT_LEVELS, type OutputLevel } from "@gong/tools";

export function isOutputLevel(value: unknown): value is OutputLevel {
  return typeof value === "string" && (OUTPUT_LEVELS as readonly string[]).includes(value);
}

export interface OutputLevelInputs {
  /** The call's own `output_level` argument, if the model passed one. */
  callLevel?: unknown;
  /** `toolOutputLevels[toolName]` from the settings. */
  toolLevel?: OutputLevel;
  /** `outputLevel` from the settings. */
  globalLevel?: OutputLevel;
  /**
   * Fraction of the context window in use (0–1). A function is called only when no
   * level above applies: measuring the context is not free and runs before every tool call.
   */
  contextUsage: number | (() => number);
}

/** The fallback chain: per call → per tool → global → `brief` past 80 % → `standard`. */
export function resolveOutputLevel(inputs: OutputLevelInputs): OutputLevel {
  if (isOutputLevel(inputs.callLevel)) return inputs.callLevel;
  if (inputs.toolLevel) return inputs.toolLevel;
  if (inputs.globalLevel) return inputs.globalLevel;
  const usage =
    typeof inputs.contextUsage === "function" ? inputs.contextUsage() : inputs.contextUsage;
  return usage > 0.8 ? "brief" : "standard";
}
