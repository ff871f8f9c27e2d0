// Top self-time frames of a V8 .cpuprofile (what `node --cpu-prof` writes).
import { readFileSync } from "node:fs";

/** [{ frame, ms, share }] of the `top` frames with the most self time. */
export function topSelfFrames(file, top = 20) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const where = url ? ` ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}` : "";
    const frame = `${functionName || "(anonymous)"}${where}`;
    const us = profile.timeDeltas[i] ?? 0;
    self.set(frame, (self.get(frame) ?? 0) + us);
    total += us;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([frame, us]) => ({ frame, ms: us / 1000, share: us / total }));
}
