/**
 * The questions gong puts to the user (`extension_ui_request`): a confirmation of a
 * tool call, plan mode's plan to approve, or the model's ask_user questions. Each is a modal <dialog> (focus moves
 * into it, Esc denies); the answer goes back as `extension_ui_response`. Every open tab
 * shows the question; when one tab answered, the server says so (`web_ui_closed`) and
 * the others close theirs.
 */

import { renderMarkdown } from "@gong/render";
import type { AskUserQuestion } from "@gong/runtime";
import { sendCommand } from "./connection.ts";

type Request = { id: string; title?: string; message?: string; input?: unknown } & (
  | { method: "confirm"; projectRule?: string }
  | { method: "approve_plan"; plan: string }
  | { method: "ask_user"; questions: AskUserQuestion[] }
);

const open = new Map<string, HTMLDialogElement>();

export function showRequest(request: Request, onError: (text: string) => void): void {
  if (open.has(request.id)) return;
  const dialog = document.createElement("dialog");
  dialog.className = "question";
  dialog.setAttribute("aria-labelledby", `${request.id}-title`);
  const form = document.createElement("form");
  form.method = "dialog";
  dialog.append(form);
  const answer = async (fields: Record<string, unknown>) => {
    closeRequest(request.id);
    const response = await sendCommand({
      type: "extension_ui_response",
      requestId: request.id,
      ...fields,
    });
    if (!response.success) onError(response.error ?? "the answer was not taken");
  };
  // Esc is the safe answer: deny, or leave the questions unanswered.
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    void answer(request.method === "ask_user" ? { answers: {} } : { confirmed: false });
  });
  if (request.method === "confirm") confirmForm(form, request, answer);
  else if (request.method === "approve_plan") planForm(form, request.id, request.plan, answer);
  else askForm(form, request.id, request.questions, answer);
  document.body.append(dialog);
  open.set(request.id, dialog);
  dialog.showModal();
}

export function closeRequest(id: string): void {
  const dialog = open.get(id);
  if (!dialog) return;
  open.delete(id);
  dialog.close();
  dialog.remove();
}

/** The run is over: no question of it is still waiting. */
export function closeAllRequests(): void {
  for (const id of [...open.keys()]) closeRequest(id);
}

function confirmForm(
  form: HTMLFormElement,
  request: Request & { method: "confirm" },
  answer: (fields: Record<string, unknown>) => void,
): void {
  const title = element("h2", request.title ?? "Allow this call?");
  title.id = `${request.id}-title`;
  const input = element("pre", JSON.stringify(request.input ?? {}, null, 2));
  input.className = "tool-args";
  const allow = button("Allow", "allow");
  const deny = button("Deny", "deny");
  const session = button("Always, this session", "always-session");
  allow.addEventListener("click", () => answer({ confirmed: true }));
  deny.addEventListener("click", () => answer({ confirmed: false }));
  session.addEventListener("click", () => answer({ confirmed: true, always: "session" }));
  const choices = [deny, allow, session];
  if (request.projectRule) {
    const project = button(`Always in this project: ${request.projectRule}`, "always-project");
    project.addEventListener("click", () => answer({ confirmed: true, always: "project" }));
    choices.push(project);
  }
  form.append(title, element("p", request.message ?? ""), input, actions(...choices));
  // The safe answer has the focus: Enter alone never runs a command.
  queueMicrotask(() => deny.focus());
}

/** Plan mode's plan: approve (full tools from the next call) or say what to change. */
function planForm(
  form: HTMLFormElement,
  id: string,
  plan: string,
  answer: (fields: Record<string, unknown>) => void,
): void {
  const title = element("h2", "Approve this plan?");
  title.id = `${id}-title`;
  // Rendered like the model's answers: Markdown, any HTML in it escaped.
  const text = document.createElement("div");
  text.className = "plan markdown";
  text.innerHTML = renderMarkdown(plan);
  const feedback = document.createElement("textarea");
  feedback.placeholder = "what to change (optional)";
  feedback.setAttribute("aria-label", "What to change in the plan");
  const approve = button("Approve", "approve");
  const revise = button("Revise", "revise");
  approve.addEventListener("click", () => answer({ confirmed: true }));
  revise.addEventListener("click", () => {
    const words = feedback.value.trim();
    answer({ confirmed: false, ...(words ? { feedback: words } : {}) });
  });
  form.append(title, text, feedback, actions(revise, approve));
  queueMicrotask(() => revise.focus());
}

function askForm(
  form: HTMLFormElement,
  id: string,
  questions: AskUserQuestion[],
  answer: (fields: Record<string, unknown>) => void,
): void {
  const title = element("h2", "The agent asks");
  title.id = `${id}-title`;
  form.append(title);
  const readers = questions.map((question, index) => askField(form, question, `${id}-${index}`));
  const submit = button("Answer", "answer");
  submit.type = "submit";
  const skip = button("Skip", "skip");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const answers: Record<string, string> = {};
    questions.forEach((question, index) => {
      const value = readers[index]!();
      if (value) answers[question.question] = value;
    });
    answer({ answers });
  });
  skip.addEventListener("click", () => answer({ answers: {} }));
  form.append(actions(skip, submit));
}

/** One question's choices and a free-text field; returns how to read the answer. */
function askField(form: HTMLFormElement, question: AskUserQuestion, name: string): () => string {
  const set = document.createElement("fieldset");
  set.append(element("legend", `${question.header}: ${question.question}`));
  const inputs = question.options.map((option, index) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = question.multiSelect ? "checkbox" : "radio";
    input.name = name;
    input.value = option.label;
    if (index === 0 && !question.multiSelect) input.checked = true;
    label.append(input, ` ${option.label}`, element("small", ` ${option.description}`));
    set.append(label);
    return input;
  });
  const other = document.createElement("input");
  other.type = "text";
  other.placeholder = "or your own answer";
  other.setAttribute("aria-label", `Your own answer to: ${question.question}`);
  set.append(other);
  form.append(set);
  return () =>
    other.value.trim() ||
    inputs
      .filter((input) => input.checked)
      .map((input) => input.value)
      .join(", ");
}

function element(tag: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

function button(text: string, name: string): HTMLButtonElement {
  const node = document.createElement("button");
  node.type = "button";
  node.textContent = text;
  node.name = name;
  return node;
}

function actions(...buttons: HTMLButtonElement[]): HTMLElement {
  const row = document.createElement("div");
  row.className = "actions";
  row.append(...buttons);
  return row;
}
