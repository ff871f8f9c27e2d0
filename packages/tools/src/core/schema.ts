import { Type } from "@sinclair/typebox";
import { OUTPUT_LEVELS } from "../types.js";

/** The optional `output_level` every built-in tool accepts (test/output-level.test.ts). */
export const OutputLevelParam = Type.Optional(
  Type.Union(
    OUTPUT_LEVELS.map((level) => Type.Literal(level)),
    { description: `${OUTPUT_LEVELS.join(" | ")}. How much detail to return (default standard).` },
  ),
);
