import type { AskUserAnswers, AskUserQuestion } from "@gong/runtime";
import { terminalSafe } from "../../terminal-text.js";
import type { InteractiveUi, PickItem } from "../contract.js";

const OWN_WORDS = "\u0000own";
const DONE = "\u0000done";

/**
 * The ask_user tool's questions, one after the other: a picker of the options (or the
 * user's own words); with multiSelect, Enter toggles an option until "done". A cancelled
 * question stays unanswered (the tool tells the model so); an aborted run stops asking.
 */
export async function askUserQuestions(
  questions: readonly AskUserQuestion[],
  signal: AbortSignal | undefined,
  ui: Pick<InteractiveUi, "pick" | "ask">,
): Promise<AskUserAnswers> {
  const answers: AskUserAnswers = {};
  for (const asked of questions) {
    const question = shownSafely(asked);
    if (signal?.aborted) break;
    const answer = question.multiSelect ? await askMany(question, ui) : await askOne(question, ui);
    if (answer !== undefined) answers[asked.question] = answer;
  }
  return answers;
}

/** The model wrote the question: its escape sequences must not reach the terminal. */
function shownSafely(question: AskUserQuestion): AskUserQuestion {
  return {
    ...question,
    header: terminalSafe(question.header),
    question: terminalSafe(question.question),
    options: question.options.map((o) => ({
      ...o,
      label: terminalSafe(o.label),
      description: terminalSafe(o.description),
    })),
  };
}

async function askOne(
  question: AskUserQuestion,
  ui: Pick<InteractiveUi, "pick" | "ask">,
): Promise<string | undefined> {
  const items: PickItem<string>[] = [
    ...question.options.map((o) => ({ value: o.label, label: o.label, detail: o.description })),
    { value: OWN_WORDS, label: "answer in my own words" },
  ];
  const picked = await ui.pick({ title: `${question.header}: ${question.question}`, items });
  if (!picked) return undefined;
  if (picked.value !== OWN_WORDS) return picked.value;
  return ui.ask(question.question);
}

async function askMany(
  question: AskUserQuestion,
  ui: Pick<InteractiveUi, "pick" | "ask">,
): Promise<string | undefined> {
  const chosen = new Set<string>();
  for (;;) {
    const items: PickItem<string>[] = [
      ...question.options.map((o) => ({
        value: o.label,
        label: `${chosen.has(o.label) ? "[x]" : "[ ]"} ${o.label}`,
        detail: o.description,
        searchText: `${o.label} ${o.description}`,
      })),
      { value: DONE, label: chosen.size > 0 ? "done" : "done (nothing chosen)" },
      { value: OWN_WORDS, label: "answer in my own words" },
    ];
    const picked = await ui.pick({
      title: `${question.header}: ${question.question} (Enter toggles)`,
      items,
    });
    if (!picked) return undefined;
    if (picked.value === OWN_WORDS) return ui.ask(question.question);
    if (picked.value === DONE) {
      return chosen.size > 0
        ? question.options
            .filter((o) => chosen.has(o.label))
            .map((o) => o.label)
            .join(", ")
        : undefined;
    }
    if (chosen.has(picked.value)) chosen.delete(picked.value);
    else chosen.add(picked.value);
  }
}
