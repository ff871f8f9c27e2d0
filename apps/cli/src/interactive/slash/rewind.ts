import type { CheckpointInfo, RewindPlan, RewindRestore } from "@gong/checkpoints";
import { oneLine } from "@gong/render";
import { byOthersWarning, changeLine, formatBytes } from "../../rewind-lines.js";
import type { SlashCommand, SlashContext } from "../contract.js";
import { whenIdle } from "./idle.js";

const RESTORES: readonly { value: RewindRestore; label: string }[] = [
  { value: "both", label: "code and conversation" },
  { value: "conversation", label: "conversation only" },
  { value: "code", label: "code only" },
];

/**
 * `/rewind`: a picker of the session's prompts (and earlier rewinds) with the files a
 * code rewind to each changes; then code, conversation or both; then the files that
 * change, and a last yes. The prompt's text comes back into the editor; the rewind
 * itself shows up in the picker, so it can be undone the same way.
 */
export const rewindCommand: SlashCommand = {
  name: "rewind",
  description: "put the files and/or the conversation back as they were before a prompt",
  async run(_args, context) {
    if (!whenIdle(context, "/rewind")) return;
    const session = context.host.current;
    const listed = await session.checkpoints.list();
    if (!listed.ok) return context.ui.warn(listed.error);
    const { checkpoints, storeBytes } = listed.value;
    if (checkpoints.length === 0) {
      context.ui.note("no checkpoints yet: each prompt makes one");
      return;
    }
    const point = await context.ui.pick({
      title: `Rewind to before which prompt? (checkpoint store: ${formatBytes(storeBytes)})`,
      items: checkpoints.map((checkpoint) => pointItem(checkpoint, context.ui.width)),
      initialIndex: checkpoints.length - 1,
    });
    if (!point) return;
    const restore = await context.ui.pick({ title: "Restore what?", items: RESTORES });
    if (!restore) return;
    if (!whenIdle(context, "/rewind")) return;
    const planned = await session.checkpoints.plan(point.value, restore.value);
    if (!planned.ok) return context.ui.error(planned.error);
    if (!(await confirmed(planned.value, context))) return;
    await rewind(planned.value, context);
  },
};

function pointItem(point: CheckpointInfo, width: number) {
  const label =
    point.kind === "rewind" ? "(before a rewind: undoes it)" : oneLine(point.text, width - 16);
  return {
    value: point.entryId,
    label,
    detail: `${point.files} file${point.files === 1 ? "" : "s"}${point.filesByOthers > 0 ? ` (${point.filesByOthers} by others)` : ""}`,
  };
}

/** Shows what changes and asks; nothing to change in the files needs no question. */
async function confirmed(plan: RewindPlan, context: SlashContext): Promise<boolean> {
  if (plan.restore !== "conversation" && plan.files.length > 0) {
    context.ui.block(`${plan.files.length} file(s) change`, plan.files.map(changeLine));
  }
  for (const note of plan.notes) context.ui.warn(note);
  if (plan.files.length === 0) return true;
  const others = byOthersWarning(plan);
  if (others) context.ui.warn(others);
  const answer = await context.ui.pick({
    title: "Rewind?",
    items: [
      { value: true, label: others ? "rewind, undoing those changes too" : "rewind" },
      { value: false, label: "cancel" },
    ],
  });
  return answer?.value === true;
}

async function rewind(plan: RewindPlan, context: SlashContext): Promise<void> {
  if (!whenIdle(context, "/rewind")) return;
  const done = await context.host.current.checkpoints.rewind(plan);
  if (!done.ok) return context.ui.error(done.error);
  if (plan.restore !== "code") {
    context.ui.replayTranscript();
    if (plan.text !== undefined) context.ui.setInput(plan.text);
  }
  const { notRestored, notRestoredReason } = done.value;
  if (notRestored.length > 0) {
    context.ui.block(
      `${notRestored.length} file(s) not put back: ${notRestoredReason}`,
      notRestored.map(changeLine),
    );
  }
  const files = done.value.files.length;
  const restored =
    plan.restore === "conversation" ? "" : `${files} file${files === 1 ? "" : "s"} put back; `;
  context.ui.note(`rewound: ${restored}/rewind again can undo it`);
}
