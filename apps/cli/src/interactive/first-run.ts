import pc from "picocolors";
import { wrapWords } from "./render/wrap-words.js";

/**
 * What `gong` says on a machine with no API key: how to get going, not an error. The
 * runtime's own message (which key it looked for) comes last. Every line is wrapped to
 * the terminal's `width` at word boundaries (a bullet's continuation under its text):
 * the terminal would cut words, and the runtime's message is one long line.
 */
export function firstRunGuide(detail: string, gongHome: string, width: number): string {
  const lines = [
    "Welcome to gong. To start, gong needs a model to talk to:",
    "",
    "  • a provider's key in the environment, e.g. export ANTHROPIC_API_KEY=…",
    "    (or OPENAI_API_KEY, OPENROUTER_API_KEY, GROQ_API_KEY, XAI_API_KEY,",
    "    MISTRAL_API_KEY, DEEPSEEK_API_KEY, CEREBRAS_API_KEY)",
    "  • or a key for this run: gong --provider openai --api-key <key>",
    "  • or a local server, which needs no key (Ollama, llama.cpp, LM Studio):",
    "      gong --provider ollama --model <model>",
    "      gong --base-url http://localhost:8080/v1 --model <model>",
    `  • or your own providers and models in ${gongHome}/models.json`,
    "",
    "gong --list-models shows the models gong knows and which have a key.",
    "",
    ...wrapWords(detail, width).map((line) => pc.dim(line)),
  ];
  return `${lines.flatMap((line) => hanging(line, width)).join("\n")}\n`;
}

/** A line wrapped with its continuation indented like its text (after `  • `). */
function hanging(line: string, width: number): string[] {
  const indent = /^\s*(• )?/.exec(line)![0].length;
  if (indent === 0 || width - indent < 20) return wrapWords(line, width);
  const pad = " ".repeat(indent);
  return wrapWords(line.slice(indent), width - indent).map(
    (part, i) => `${i === 0 ? line.slice(0, indent) : pad}${part}`,
  );
}
