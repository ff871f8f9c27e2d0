/**
 * Runs `draw` once before the next frame, however often it is asked for meanwhile: a
 * stream of thousands of deltas costs one redraw per frame. A tab in the background
 * gets no frames; the timer draws it anyway, later.
 */
const pending = new Set<() => void>();
let scheduled = false;

export function scheduleFrame(draw: () => void): void {
  pending.add(draw);
  if (scheduled) return;
  scheduled = true;
  const run = () => {
    if (!scheduled) return;
    scheduled = false;
    const draws = [...pending];
    pending.clear();
    for (const each of draws) each();
  };
  requestAnimationFrame(run);
  setTimeout(run, 250);
}
