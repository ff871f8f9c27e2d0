// Benchmarks for @gong/session-store (issue #5): append throughput with and without
// fsync, open + buildContext for 1k / 10k / 20k-entry sessions, listing 5 000 small
// sessions, 2 000 large ones and one of 50 MB (listing reads at most 64 KB of each).
// Run with `pnpm --filter @gong/session-store bench` (builds first through turbo).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listSessions, SessionStore, sessionDirFor } from "../dist/index.js";

const root = mkdtempSync(join(tmpdir(), "gong-session-bench-"));
const rows = [];
const row = (name, value, unit, note = "") => rows.push({ name, value, unit, note });

const usage = {
  input: 1200,
  output: 300,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 1500,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.01 },
};
const user = (text) => ({ role: "user", content: text, timestamp: Date.now() });
const assistant = (text) => ({
  role: "assistant",
  content: [{ type: "text", text }],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-bench",
  usage,
  stopReason: "stop",
  timestamp: Date.now(),
});
const toolResult = (text) => ({
  role: "toolResult",
  toolCallId: "c",
  toolName: "bash",
  content: [{ type: "text", text }],
  details: { status: "success", text },
  isError: false,
  timestamp: Date.now(),
});
const message = (i, body) =>
  i % 3 === 0 ? user(body) : i % 3 === 1 ? assistant(body) : toolResult(body);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function appendThroughput(fsync, count, bodyBytes) {
  const store = SessionStore.create({ cwd: `/bench/append-${fsync}`, gongHome: root, fsync }).value;
  const body = "x".repeat(bodyBytes);
  const start = performance.now();
  for (let i = 0; i < count; i++) store.appendMessage(message(i, body));
  const ms = performance.now() - start;
  store.close();
  return Math.round(count / (ms / 1000));
}

row("append, fsync never (1 KB messages)", appendThroughput("never", 20_000, 1_000), "entries/s");
row(
  "append, fsync message-end (1 KB)",
  appendThroughput("message-end", 1_500, 1_000),
  "entries/s",
  "user+assistant synced",
);
row("append, fsync always (1 KB)", appendThroughput("always", 1_000, 1_000), "entries/s");

// Sessions of ~2.5 KB per entry: 20 000 entries ≈ 50 MB, the large case.
function buildSession(entries) {
  const store = SessionStore.create({
    cwd: `/bench/open-${entries}`,
    gongHome: root,
    fsync: "never",
  }).value;
  const body = "lorem ipsum dolor sit amet ".repeat(66);
  for (let i = 0; i < entries; i++) {
    if (i > 0 && i % 5_000 === 0) {
      store.appendCompaction({
        summary: "summary",
        firstKeptEntryId: store.leafId,
        tokensBefore: 100_000,
      });
    }
    store.appendMessage(message(i, body));
  }
  store.close();
  return store.path;
}

for (const entries of [1_000, 10_000, 20_000]) {
  const path = buildSession(entries);
  const size = (await import("node:fs")).statSync(path).size;
  const times = [];
  let messages = 0;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const store = SessionStore.open(path).value;
    messages = store.buildContext().messages.length;
    times.push(performance.now() - start);
    store.close();
  }
  row(
    `open + buildContext, ${entries} entries`,
    median(times).toFixed(1),
    "ms",
    `${(size / 1e6).toFixed(1)} MB, ${messages} msgs in context`,
  );
}

// 5 000 sessions of 4–60 messages (median ~16 KB each) in one project folder.
const listHome = join(root, "list");
const dir = sessionDirFor("/bench/list", { gongHome: listHome });
mkdirSync(dir, { recursive: true });
for (let s = 0; s < 5_000; s++) {
  const id = `s${String(s).padStart(5, "0")}`;
  const lines = [
    JSON.stringify({
      type: "session",
      version: 1,
      id,
      timestamp: new Date().toISOString(),
      cwd: "/bench/list",
    }),
  ];
  const count = 4 + ((s * 37) % 57);
  for (let i = 0; i < count; i++) {
    lines.push(
      JSON.stringify({
        type: "message",
        id: `e${i}`,
        parentId: i ? `e${i - 1}` : null,
        timestamp: "t",
        message: message(i, "y".repeat(250)),
      }),
    );
  }
  writeFileSync(join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`), `${lines.join("\n")}\n`);
}
let start = performance.now();
let listed = listSessions("/bench/list", { gongHome: listHome }).length;
row(
  "list 5 000 sessions, first call",
  (performance.now() - start).toFixed(1),
  "ms",
  `${listed} listed, files read`,
);
const warm = [];
for (let run = 0; run < 5; run++) {
  start = performance.now();
  listed = listSessions("/bench/list", { gongHome: listHome }).length;
  warm.push(performance.now() - start);
}
row("list 5 000 sessions, unchanged files", median(warm).toFixed(1), "ms", "size+mtime cache");

// The 20 000-entry session above (~50 MB) alone in its project, never listed before.
start = performance.now();
const [big] = listSessions("/bench/open-20000", { gongHome: root });
row(
  "list one 50 MB session, first call",
  (performance.now() - start).toFixed(1),
  "ms",
  `${big.messageCount} msgs counted in the first 64 KB, complete: ${big.messageCountComplete}`,
);

// 2 000 sessions of ~130 KB each (50 messages of 2.6 KB): larger than the listing reads.
const largeDir = sessionDirFor("/bench/list-large", { gongHome: listHome });
mkdirSync(largeDir, { recursive: true });
const largeBody = Array.from({ length: 50 }, (_, i) =>
  JSON.stringify({
    type: "message",
    id: `e${i}`,
    parentId: i ? `e${i - 1}` : null,
    timestamp: "t",
    message: message(i, "z".repeat(2_500)),
  }),
).join("\n");
for (let s = 0; s < 2_000; s++) {
  const id = `l${String(s).padStart(5, "0")}`;
  const header = JSON.stringify({
    type: "session",
    version: 1,
    id,
    timestamp: new Date().toISOString(),
    cwd: "/bench/list-large",
  });
  writeFileSync(
    join(largeDir, `2026-01-01T00-00-00-000Z_${id}.jsonl`),
    `${header}\n${largeBody}\n`,
  );
}
start = performance.now();
listed = listSessions("/bench/list-large", { gongHome: listHome }).length;
row(
  "list 2 000 sessions of 130 KB, first call",
  (performance.now() - start).toFixed(1),
  "ms",
  `${listed} listed, 64 KB read of each`,
);

rmSync(root, { recursive: true, force: true });
console.log(`@gong/session-store benchmarks (node ${process.version})\n`);
console.table(rows);
