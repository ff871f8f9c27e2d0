/** The export's only stylesheet, inlined so the file works offline and attached to mail. */
export const EXPORT_CSS = `
:root { color-scheme: light dark; --bg:#fdfdfc; --fg:#1d1f21; --muted:#6a737d; --border:#d8dee4;
  --user:#eef4ff; --tool:#f6f8fa; --add:#e6ffec; --add-fg:#116329; --del:#ffebe9; --del-fg:#a40e26;
  --hunk:#ddf4ff; --bar-in:#7aa2f7; --bar-out:#e0af68; --err:#cf222e; }
@media (prefers-color-scheme: dark) { :root { --bg:#16171d; --fg:#d8dae0; --muted:#8b949e; --border:#30363d;
  --user:#1c2333; --tool:#1d2026; --add:#12361f; --add-fg:#7ee2a0; --del:#3d1418; --del-fg:#ffa198;
  --hunk:#132d46; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 980px; padding: 24px; background: var(--bg); color: var(--fg);
  font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
header { border-bottom: 1px solid var(--border); margin-bottom: 16px; padding-bottom: 12px; }
h1 { font-size: 18px; margin: 0 0 8px; }
.meta { color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 0 0 10px; }
.meta b { color: var(--fg); font-weight: 600; }
.token-chart { display: block; max-width: 100%; height: auto; }
.token-chart .bar-input { fill: var(--bar-in); }
.token-chart .bar-output { fill: var(--bar-out); }
.token-chart .chart-axis { stroke: var(--border); }
.token-chart .chart-label { fill: var(--muted); font-size: 10px; }
.legend { color: var(--muted); font-size: 12px; }
.legend i { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px; }
.msg { margin: 12px 0; padding: 10px 14px; border-radius: 8px; border: 1px solid var(--border); }
.msg .role { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.msg.user { background: var(--user); }
.msg.error { border-color: var(--err); }
.error-text { color: var(--err); }
.text { white-space: pre-wrap; word-wrap: break-word; }
.markdown { word-wrap: break-word; }
.markdown > :first-child { margin-top: 4px; }
.markdown > :last-child { margin-bottom: 4px; }
.markdown code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { margin: 6px 0; padding: 8px 10px; overflow-x: auto; background: var(--tool); border-radius: 6px;
  font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
details { margin: 6px 0; }
summary { cursor: pointer; color: var(--muted); }
details.tool-call { background: var(--tool); border: 1px solid var(--border); border-radius: 6px; padding: 4px 10px; }
details.tool-call > summary { color: var(--fg); font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
details.tool-call.failed > summary { color: var(--err); }
details.tool-call.failed { border-color: var(--err); }
pre.tool-output { max-height: 32em; overflow-y: auto; }
div.subagent { border-left: 3px solid var(--border); margin: 6px 0 4px; padding-left: 10px; }
details.thinking > .text { color: var(--muted); font-style: italic; }
.diff { padding: 0; }
.diff-line { display: block; padding: 0 10px; white-space: pre; }
.diff-add { background: var(--add); color: var(--add-fg); }
.diff-del { background: var(--del); color: var(--del-fg); }
.diff-hunk { background: var(--hunk); color: var(--muted); }
.diff-file { color: var(--muted); }
.notice { color: var(--muted); font-size: 12px; border-left: 3px solid var(--border); padding-left: 10px; margin: 12px 0; }
img.attachment { max-width: 100%; border-radius: 6px; }
`;
