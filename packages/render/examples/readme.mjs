import { documentFromEntries, messagePreview, renderSessionHtml } from "@gong/render";

const ask = {
  role: /** @type {const} */ ("user"),
  content: "Rename greet to hello in a.ts",
  timestamp: 1,
};
const entries = [
  { type: "message", message: ask },
  { type: "compaction", summary: "Renamed greet to hello.", tokensBefore: 1200 },
];
const header = { id: "s1", timestamp: "2026-11-29T08:00:00.000Z", cwd: "/work/project" };
const html = renderSessionHtml(documentFromEntries(header, entries)); // one self-contained page
console.log(html.slice(0, 15), html.includes("Rename greet to hello in a.ts"));
console.log(messagePreview(ask, 16)); // one line, cut with "…" (pickers, the session tree)
