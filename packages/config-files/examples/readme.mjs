import { formatConfigIssue, parseJsonConfig, validateConfig } from "@gong/config-files";
import { Type } from "@sinclair/typebox";

const Settings = Type.Object(
  {
    theme: Type.Optional(Type.Union([Type.Literal("dark"), Type.Literal("light")])),
    retries: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
const text =
  '{\n  // comments and trailing commas are allowed\n  "theme": "blue",\n  "retries": 3,\n}';
const parsed = parseJsonConfig(text);
if (!parsed.ok)
  throw new Error(
    formatConfigIssue("settings.json", { ...parsed.position, message: parsed.message }),
  );
const { value, issues } = validateConfig(Settings, parsed.value, parsed.locate);
console.log(value); // { retries: 3 }: what does not fit is dropped, the rest is kept
for (const issue of issues) console.log(formatConfigIssue("settings.json", issue));
// settings.json:3:12: "theme" must be one of "dark", "light" (found "blue"); the key was ignored
