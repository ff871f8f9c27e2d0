import { createCommandHooks } from "@gong/hooks";

// A Claude Code hook from settings.json: exit 2 blocks the call, stderr is the reason.
const guard = `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const i=JSON.parse(s).tool_input;if(/rm -rf/.test(i.command)){console.error("no rm -rf");process.exit(2)}})'`;
const hooks = createCommandHooks(
  { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard }] }] },
  { cwd: process.cwd(), notify: console.log },
);
/** @param {string} toolName */
const call = (toolName) => ({ toolCallId: "call-1", toolName });
console.log(await hooks.beforeToolCall?.("bash", { command: "rm -rf build" }, call("bash")));
console.log(await hooks.beforeToolCall?.("bash", { command: "ls" }, call("bash")));
console.log(await hooks.beforeToolCall?.("read", { path: "rm -rf" }, call("read")));
