import pc from "picocolors";

/**
 * What `gong` says on a machine with no API key: how to get going, not an error. The
 * runtime's own message (which key it looked for) comes last.
 */
export function firstRunGuide(detail: string, gongHome: string): string {
  return [
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
    pc.dim(detail),
    "",
  ].join("\n");
}
