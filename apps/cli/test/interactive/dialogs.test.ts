import type { AskUserQuestion } from "@gong/runtime";
import { describe, expect, it } from "vitest";
import type { PickOptions, PickResult } from "../../src/interactive/contract.js";
import { askUserQuestions } from "../../src/interactive/dialogs/ask-user.js";
import { ChoiceDialog } from "../../src/interactive/dialogs/choice.js";
import { DialogStack } from "../../src/interactive/dialogs/dialog-stack.js";
import { filterItems, PickDialog } from "../../src/interactive/dialogs/pick.js";
import { GuardedDialog, QUIET_MS } from "../../src/interactive/dialogs/typeahead-guard.js";

describe("interactive — picker", () => {
  const items = [
    { value: "a", label: "openai/gpt-5", detail: "GPT-5" },
    { value: "b", label: "anthropic/claude-sonnet-4-5", detail: "Claude Sonnet" },
    { value: "c", label: "openai/gpt-4o-mini", detail: "GPT-4o mini" },
  ];

  it("search matches every word, in any order, in label and detail", () => {
    expect(filterItems(items, "mini openai").map((i) => i.value)).toEqual(["c"]);
    expect(filterItems(items, "SONNET").map((i) => i.value)).toEqual(["b"]);
    expect(filterItems(items, "")).toHaveLength(3);
  });

  function open(options: Partial<PickOptions<string>> = {}) {
    let result: PickResult<string> | "pending" = "pending";
    const dialog = new PickDialog({ title: "Model", items, ...options }, (r) => {
      result = r;
    });
    return { dialog, result: () => result };
  }

  it("typing filters, Down moves, Enter selects", () => {
    const { dialog, result } = open();
    for (const key of "openai") dialog.handleInput(key);
    dialog.handleInput("\x1b[B");
    dialog.handleInput("\r");
    expect(result()).toEqual({ action: "select", value: "c" });
  });

  it("a one-letter action key acts on an empty search box, and is search text after typing", () => {
    const picker = open({ actions: [{ key: "l", name: "label", hint: "label it" }] });
    picker.dialog.handleInput("l");
    expect(picker.result()).toEqual({ action: "label", value: "a" });
    const withL = open({ actions: [{ key: "l", name: "label", hint: "label it" }] });
    for (const key of "cl") withL.dialog.handleInput(key); // "cl" as in "claude"
    withL.dialog.handleInput("\r");
    expect(withL.result()).toEqual({ action: "select", value: "b" });
  });

  it("an action key ends the picker with that action; Esc cancels", () => {
    const labelled = open({ actions: [{ key: "ctrl+l", name: "label", hint: "label it" }] });
    labelled.dialog.handleInput("\x0c");
    expect(labelled.result()).toEqual({ action: "label", value: "a" });
    const cancelled = open();
    cancelled.dialog.handleInput("\x1b");
    expect(cancelled.result()).toBeUndefined();
  });
});

describe("interactive — fixed-answer questions", () => {
  function confirmation(answers: string[]) {
    return new ChoiceDialog(
      "Allow bash rm -rf build?",
      [],
      [
        { key: "y", label: "yes", value: "yes" },
        { key: "a", label: "always", value: "always" },
        { key: "n", label: "no", value: "no" },
      ],
      "no",
      (value) => answers.push(value),
    );
  }

  it("a letter marks an answer and Enter gives it; Enter alone does nothing; Esc is the safe answer", () => {
    const answers: string[] = [];
    const dialog = confirmation(answers);
    dialog.handleInput("\r");
    dialog.handleInput("a");
    expect(answers).toEqual([]);
    dialog.handleInput("\r");
    expect(confirmation(answers).handleInput("\x1b")).toBe(true);
    expect(answers).toEqual(["always", "no"]);
  });

  it("a key that is no answer is handed back and unmarks the marked one", () => {
    const answers: string[] = [];
    const dialog = confirmation(answers);
    dialog.handleInput("y");
    expect(dialog.handleInput("o")).toBe(false);
    dialog.handleInput("\r");
    expect(answers).toEqual([]);
    dialog.handleInput("\x1b[B"); // Down marks the first answer
    dialog.handleInput("\r");
    expect(answers).toEqual(["yes"]);
  });

  it("the hint names what Esc does", () => {
    const lines = confirmation([]).render(80).join("\n");
    expect(lines).toContain("Esc: no");
  });
});

describe("security — typing ahead never answers a question the session raised", () => {
  function guarded() {
    let now = 1_000;
    const answers: string[] = [];
    const inner = new ChoiceDialog(
      "Allow?",
      [],
      [{ key: "y", label: "yes", value: "yes" }],
      "no",
      (value) => answers.push(value),
    );
    const dialog = new GuardedDialog(
      inner,
      () => {},
      () => now,
    );
    return { dialog, answers, wait: (ms: number) => (now += ms) };
  }

  it("keys before it is drawn and while the user keeps typing are handed back", () => {
    const { dialog, answers, wait } = guarded();
    expect(dialog.handleInput("y")).toBe(false); // not drawn yet
    dialog.render(80);
    wait(QUIET_MS - 1);
    expect(dialog.handleInput("y")).toBe(false); // on screen too briefly
    wait(QUIET_MS - 1);
    expect(dialog.handleInput("\r")).toBe(false); // still typing: the quiet starts again
    expect(answers).toEqual([]);
    wait(QUIET_MS);
    expect(dialog.armed).toBe(true);
    expect(dialog.handleInput("y")).toBe(true);
    expect(dialog.handleInput("\r")).toBe(true);
    expect(answers).toEqual(["yes"]);
    dialog.dispose();
  });

  it("Esc gives the safe answer at any time", () => {
    const { dialog, answers } = guarded();
    expect(dialog.handleInput("\x1b")).toBe(true);
    expect(answers).toEqual(["no"]);
    dialog.dispose();
  });
});

describe("interactive — ask_user", () => {
  const question = (multiSelect: boolean): AskUserQuestion => ({
    question: "Which database?",
    header: "DB",
    multiSelect,
    options: [
      { label: "Postgres", description: "relational" },
      { label: "SQLite", description: "a file" },
    ],
  });

  /** A UI whose picker answers from a script. */
  function scripted(picks: (string | undefined)[], typed?: string) {
    return {
      pick: async <T>(options: PickOptions<T>) => {
        const value = picks.shift();
        if (value === undefined) return undefined;
        const item = options.items.find((i) => i.value === value || i.label === value);
        return item ? { action: "select", value: item.value } : undefined;
      },
      ask: async () => typed,
    };
  }

  it("one choice per question; the user's own words when they pick that", async () => {
    expect(await askUserQuestions([question(false)], undefined, scripted(["Postgres"]))).toEqual({
      "Which database?": "Postgres",
    });
    expect(
      await askUserQuestions(
        [question(false)],
        undefined,
        scripted(["answer in my own words"], "DuckDB"),
      ),
    ).toEqual({ "Which database?": "DuckDB" });
  });

  it("multiSelect toggles options until done; a cancelled question stays unanswered", async () => {
    const answers = await askUserQuestions(
      [question(true)],
      undefined,
      scripted(["SQLite", "Postgres", "done"]),
    );
    expect(answers).toEqual({ "Which database?": "Postgres, SQLite" });
    expect(await askUserQuestions([question(false)], undefined, scripted([undefined]))).toEqual({});
  });
});

describe("interactive — the dialog queue", () => {
  it("asks one at a time, in order; an aborted run closes its question", async () => {
    const stack = new DialogStack(() => {});
    const run = new AbortController();
    const question = stack.pick(
      { title: "Which DB?", items: [{ value: "pg", label: "Postgres" }] },
      { signal: run.signal },
    );
    const confirmation = stack.choose(
      "Allow bash?",
      [],
      [{ key: "y", label: "yes", value: true }],
      false,
    );
    expect(stack.top).toBeInstanceOf(PickDialog);
    run.abort();
    await expect(question).resolves.toBeUndefined();
    expect(stack.top).toBeInstanceOf(GuardedDialog);
    stack.top?.handleInput("\x1b");
    await expect(confirmation).resolves.toBe(false);
    expect(stack.top).toBeUndefined();
  });
});

describe("interactive — quitting with questions open", () => {
  it("every open dialog gets its safe answer, so nothing keeps the session from closing", async () => {
    const stack = new DialogStack(() => {});
    const confirmation = stack.choose(
      "Allow bash?",
      [],
      [{ key: "y", label: "yes", value: true }],
      false,
    );
    const question = stack.ask("Name?");
    stack.cancelAll();
    await expect(confirmation).resolves.toBe(false);
    await expect(question).resolves.toBeUndefined();
    expect(stack.top).toBeUndefined();
  });
});
