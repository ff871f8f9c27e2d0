import { THINKING_LEVELS, type ThinkingLevel } from "@gong/runtime";
import type { SlashCommand, SlashContext } from "../contract.js";

/** `/thinking [off|minimal|low|medium|high]`: a level sets it; none opens a picker. */
export const thinkingCommand: SlashCommand = {
  name: "thinking",
  args: `[${THINKING_LEVELS.join("|")}]`,
  description: "set the reasoning effort",
  async run(args, context) {
    const typed = args.trim();
    if (typed !== "") {
      if (!isThinkingLevel(typed)) {
        context.ui.error(
          `Unknown thinking level "${typed}": use one of ${THINKING_LEVELS.join(", ")}.`,
        );
        return;
      }
      return setLevel(typed, context);
    }
    const current = context.host.current.models.thinkingLevel;
    const picked = await context.ui.pick({
      title: "Thinking level",
      items: THINKING_LEVELS.map((level) => ({
        value: level,
        label: `${level === current ? "● " : "  "}${level}`,
      })),
      initialIndex: THINKING_LEVELS.indexOf(current),
    });
    if (picked) setLevel(picked.value, context);
  },
};

function isThinkingLevel(value: string): value is ThinkingLevel {
  return (THINKING_LEVELS as readonly string[]).includes(value);
}

function setLevel(level: ThinkingLevel, context: SlashContext): void {
  const session = context.host.current;
  session.models.setThinkingLevel(level);
  context.ui.note(`thinking: ${level}`);
  if (level !== "off" && !session.models.current.reasoning)
    context.ui.warn(
      `${session.models.current.provider}/${session.models.current.id} does not support reasoning: thinking ${level} has no effect until you switch to a model that does (/model).`,
    );
}
