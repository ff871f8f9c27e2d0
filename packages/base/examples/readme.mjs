import { expandHome, isPathWithin, isRecord, resolveGongHome } from "@gong/base";

const env = { HOME: "/home/ada", GONG_HOME: "~/work/gong" };
console.log(resolveGongHome(env)); // /home/ada/work/gong (unset or blank: /home/ada/.gong)
const expanded = expandHome("~nobody-here/notes", { home: "/home/ada" });
console.log(expanded.ok ? expanded.path : expanded.error); // never guessed: Cannot expand ~nobody-here: …
console.log(isPathWithin("/home/ada/work", "/home/ada/work-old/x")); // false: a shared prefix is not "within"
console.log(isRecord(JSON.parse("[1, 2]"))); // false: a JSON object, not an array or null

/** @type {import("@gong/base").ToolResponse} the envelope every tool returns */
const result = {
  status: "success",
  data: {},
  text: "3 files",
  stats: { time_ms: 4 },
  context: { cwd: ".", params_input: {} },
};
console.log(result.status, result.text); // success 3 files
