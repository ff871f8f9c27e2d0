import { nextPermissionMode, SessionPermissions } from "@gong/policy";

const policy = new SessionPermissions({
  cwd: "/work/project",
  home: "/home/me",
  permissions: { allow: ["Bash(npm test:*)"], deny: ["Read(./.env)", "Bash(rm -rf:*)"] },
  projectTrusted: false,
  confirm: undefined, // no one to ask (print mode): a call that would ask is refused
  warn: console.warn,
  mode: () => "ask",
});
console.log(policy.judge("bash", { command: "npm test -- --watch" }));
console.log(policy.judge("bash", { command: "rm -rf build" }));
console.log(policy.judge("read", { path: ".env" }));
console.log(nextPermissionMode("ask"));
