// `node bench/tui-libraries.bench.mjs`: the rendering benchmark that chose the TUI library
// of the interactive mode (issue 14): @mariozechner/pi-tui against Ink 6, same workload.
//
// Workload (identical strings for both): a transcript streamed as 20 000 small text deltas
// (200 turns × 2 Markdown paragraphs × 50 deltas, shown as raw text in both) plus 200 tool
// blocks (a coloured header and four output lines), a status line updated once per turn and
// a bordered input box at the bottom, at 80×24, in a real pseudo-terminal whose output
// drives a headless xterm (@gong/testing/pty).
//
// Delivery: 10 deltas every 4 ms (2 500 deltas/s). The app hands every delta to the library
// the moment it arrives (pi-tui: Text.setText + requestRender; Ink: a store update
// that re-renders the live component) and leaves frame pacing to the library: pi-tui's own limit (16 ms, ≤ 60 fps),
// Ink's default (maxFps 30) and Ink at maxFps 60 (the same policy as pi-tui), with and
// without Ink's incrementalRendering. Finished paragraphs and tool blocks go to Ink's
// <Static> (written once, above the live region) and to pi-tui's component list.
//
// Measured: bytes written per delta, frames (synchronized-output brackets), CPU time of the
// rendering process (process.cpuUsage, stream start to end, generator included — the same
// for both), and whether finished blocks stay in the scrollback: the first tool block is
// counted in the raw output (1× = written once, never redrawn) and every paragraph's marker
// in the emulator's scrollback and screen (exactly once each = no loss, no duplicates).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// `--long`: the same 20 000 deltas as 20 answers of one 1 000-delta paragraph each
// (≈ 70 lines, taller than the screen while it streams).
const LONG = process.argv.includes("--long") || process.env.BENCH_LONG === "1";
const TURNS = LONG ? 20 : 200;
const PARAGRAPHS_PER_TURN = LONG ? 1 : 2;
const DELTAS_PER_PARAGRAPH = LONG ? 1000 : 50;
const DELTAS_PER_TICK = 10;
const TICK_MS = 4;
const COLS = 80;
const ROWS = 24;

const WORDS = [
  "the",
  "agent",
  "reads",
  "**files**",
  "and",
  "`runs`",
  "tests,",
  "then",
  "edits",
  "code.",
];

/** The stream: text deltas (each ending a paragraph or not) and tool blocks, in order. */
function* workload() {
  for (let turn = 0; turn < TURNS; turn++) {
    for (let paragraph = 0; paragraph < PARAGRAPHS_PER_TURN; paragraph++) {
      const id = turn * PARAGRAPHS_PER_TURN + paragraph;
      for (let delta = 0; delta < DELTAS_PER_PARAGRAPH; delta++) {
        const word = WORDS[(id + delta) % WORDS.length];
        const text = delta === 0 ? `[p${String(id).padStart(4, "0")}] ${word} ` : `${word} `;
        yield { type: "delta", text, endsParagraph: delta === DELTAS_PER_PARAGRAPH - 1 };
      }
    }
    yield {
      type: "tool",
      turn,
      text: [
        `\x1b[36m● bash\x1b[39m  \x1b[2mnpm test -- --filter turn-${turn}\x1b[22m`,
        "  ✓ src/a.test.ts (12 tests) 41ms",
        "  ✓ src/b.test.ts (3 tests) 7ms",
        "  Test Files  2 passed (2)",
        `  \x1b[32mdone\x1b[39m in 0.${turn % 10}s`,
      ].join("\n"),
    };
  }
}

const INPUT_BOX = [
  `╭${"─".repeat(COLS - 2)}╮`,
  `│ > ${" ".repeat(COLS - 5)}│`,
  `╰${"─".repeat(COLS - 2)}╯`,
];
const status = (turn) =>
  `\x1b[2mclaude-sonnet-4-5 · turn ${turn}/${TURNS} · ↑${turn * 1200} ↓${turn * 310} · $${(turn * 0.013).toFixed(2)}\x1b[22m`;

/** Feeds the stream to `app` on a fixed clock; resolves when it is all delivered. */
function drive(app) {
  const events = workload();
  let turn = 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      for (let i = 0; i < DELTAS_PER_TICK; i++) {
        const next = events.next();
        if (next.done) {
          clearInterval(timer);
          resolve();
          return;
        }
        const event = next.value;
        if (event.type === "delta") {
          app.delta(event.text, event.endsParagraph);
        } else {
          turn++;
          app.tool(event.text, status(turn));
        }
      }
    }, TICK_MS);
  });
}

async function runPiTui() {
  const { Container, ProcessTerminal, Text, TUI } = await import("@mariozechner/pi-tui");
  const tui = new TUI(new ProcessTerminal());
  const transcript = new Container();
  const statusLine = new Text(status(0), 0, 0);
  tui.addChild(transcript);
  tui.addChild(statusLine);
  tui.addChild(new Text(INPUT_BOX.join("\n"), 0, 0));
  let live = "";
  let liveText = new Text("", 0, 0);
  transcript.addChild(liveText);
  tui.start();
  const app = {
    delta(text, endsParagraph) {
      live += text;
      liveText.setText(endsParagraph ? `${live}\n` : live);
      if (endsParagraph) {
        live = "";
        liveText = new Text("", 0, 0);
        transcript.addChild(liveText);
      }
      tui.requestRender();
    },
    tool(text, statusText) {
      transcript.children.splice(transcript.children.length - 1, 0, new Text(`${text}\n`, 0, 0));
      statusLine.setText(statusText);
      tui.requestRender();
    },
  };
  return { app, stop: () => tui.stop() };
}

async function runInk({ maxFps, incrementalRendering }) {
  const React = (await import("react")).default;
  const { Box, Static, Text, render } = await import("ink");
  const h = React.createElement;
  // One store, two subscribers: <Static> re-renders only when a block finishes (a new
  // array), the live region on every delta. Re-rendering <Static> itself on every delta
  // would make Ink write each frame immediately, bypassing its throttle.
  let done = [];
  let live = { text: "", status: status(0) };
  const listeners = new Set();
  const subscribe = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const emit = () => {
    for (const listener of listeners) listener();
  };
  function Done() {
    const items = React.useSyncExternalStore(subscribe, () => done);
    return h(Static, { items }, (item) => h(Text, { key: item.id }, item.text));
  }
  function Live() {
    const { text, status: statusText } = React.useSyncExternalStore(subscribe, () => live);
    return h(
      Box,
      { flexDirection: "column" },
      h(Text, null, text),
      h(Text, null, statusText),
      h(Text, null, INPUT_BOX.join("\n")),
    );
  }
  const instance = render(h(Box, { flexDirection: "column" }, h(Done), h(Live)), {
    exitOnCtrlC: false,
    patchConsole: false,
    ...(maxFps ? { maxFps } : {}),
    ...(incrementalRendering ? { incrementalRendering } : {}),
  });
  const app = {
    delta(text, endsParagraph) {
      if (endsParagraph) {
        done = [...done, { id: done.length, text: `${live.text}${text}\n` }];
        live = { ...live, text: "" };
      } else {
        live = { ...live, text: live.text + text };
      }
      emit();
    },
    tool(text, nextStatus) {
      done = [...done, { id: done.length, text: `${text}\n` }];
      live = { ...live, status: nextStatus };
      emit();
    },
  };
  return { app, stop: () => instance.unmount() };
}

const VARIANTS = {
  "pi-tui": { label: "pi-tui 0.73.1 (own limit: 16 ms)", run: runPiTui },
  "ink-30": { label: "Ink 6.8 default (maxFps 30)", run: () => runInk({}) },
  "ink-60": { label: "Ink 6.8 maxFps 60", run: () => runInk({ maxFps: 60 }) },
  "ink-60-inc": {
    label: "Ink 6.8 maxFps 60 + incremental",
    run: () => runInk({ maxFps: 60, incrementalRendering: true }),
  },
};

/** In the pty: render the workload, then report CPU and wall time to the result file. */
async function child(variant) {
  const { app, stop } = await VARIANTS[variant].run();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await drive(app);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - started;
  const { writeFileSync } = await import("node:fs");
  writeFileSync(
    process.env.BENCH_RESULT,
    JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, wallMs }),
  );
  stop();
  setTimeout(() => process.exit(0), 100);
}

function count(haystack, needle) {
  let n = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1;
    at = haystack.indexOf(needle, at + needle.length)
  )
    n++;
  return n;
}

async function parent() {
  const { spawnPty } = await import("@gong/testing/pty");
  const here = fileURLToPath(import.meta.url);
  const dir = mkdtempSync(path.join(tmpdir(), "gong-tui-bench-"));
  const deltas = TURNS * PARAGRAPHS_PER_TURN * DELTAS_PER_PARAGRAPH;
  const rows = [];
  const only = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  for (const [variant, { label }] of Object.entries(VARIANTS)) {
    if (only && only !== variant) continue;
    const result = path.join(dir, `${variant}.json`);
    const session = spawnPty({
      args: [here, "--child", variant],
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        BENCH_RESULT: result,
        BENCH_LONG: LONG ? "1" : "0",
      },
      cols: COLS,
      rows: ROWS,
      scrollback: 100_000,
    });
    const exit = await session.exit;
    await session.settled();
    if (exit.code !== 0)
      throw new Error(`${variant} exited ${exit.code}:\n${session.output().slice(-2000)}`);
    const { cpuMs, wallMs } = JSON.parse(readFileSync(result, "utf8"));
    const output = session.output();
    const buffer = [...session.scrollback(), ...session.screen()].join("\n");
    const markers = Array.from(
      { length: TURNS * PARAGRAPHS_PER_TURN },
      (_, i) => `[p${String(i).padStart(4, "0")}]`,
    );
    const inBufferOnce = markers.filter((marker) => count(buffer, marker) === 1).length;
    rows.push({
      variant: label,
      "bytes/delta": (session.bytesWritten() / deltas).toFixed(1),
      frames: count(output, "\x1b[?2026h"),
      "CPU ms": Math.round(cpuMs),
      "wall ms": Math.round(wallMs),
      "1st tool block written": `${count(output, "filter turn-0\x1b")}×`,
      "paragraphs once in scrollback": `${inBufferOnce}/${markers.length}`,
      "screen clears": count(output, "\x1b[2J") + count(output, "\x1b[3J"),
    });
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `${deltas} deltas in ${TURNS * PARAGRAPHS_PER_TURN} paragraphs, ${TURNS} tool blocks, ${COLS}×${ROWS}, node ${process.version}`,
  );
  console.table(rows);
}

if (process.argv[2] === "--child") await child(process.argv[3]);
else await parent();
