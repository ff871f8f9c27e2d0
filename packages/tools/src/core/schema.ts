import { Type } from "@sinclair/typebox";

/** The optional `output_level` every built-in tool accepts (seed 004, ARCHITECTURE §3). */
export const OutputLevelParam = Type.Optional(
  Type.Union([Type.Literal("brief"), Type.Literal("standard"), Type.Literal("full")], {
    description: "brief | standard | full. How much detail to return (default standard).",
  }),
);
