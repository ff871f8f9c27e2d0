/**
 * web_fetch's `prompt`: one short call to the session's model that answers the prompt
 * from the fetched page, so the conversation gets the answer, not the page.
 */
import { type ApiKeyResolver, complete, type Model } from "@gong/llm";
import type { WebSummarizer } from "@gong/tools";
import { finalText } from "./coding-session.js";

const SYSTEM_PROMPT =
  "You answer a question about a web page from its content only. Be concise: a few sentences or a short " +
  "list. Quote code, commands and numbers exactly. If the page does not contain the answer, say so.";

/** Enough for a focused answer; the whole page stays available to `read`. */
const MAX_ANSWER_TOKENS = 1024;

export interface WebSummarizerOptions {
  /** The model to ask: the session's current one. */
  model: () => Model;
  apiKey: ApiKeyResolver;
}

export function createWebSummarizer(options: WebSummarizerOptions): WebSummarizer {
  return async ({ url, prompt, content, signal }) => {
    const model = options.model();
    const key = options.apiKey(model.provider, model);
    const answer = await complete(
      model,
      {
        systemPrompt: SYSTEM_PROMPT,
        messages: [
          {
            role: "user",
            content: `Page: ${url}\n\n<page>\n${content}\n</page>\n\nQuestion: ${prompt}`,
            timestamp: Date.now(),
          },
        ],
      },
      {
        signal,
        ...(key.ok ? { apiKey: key.apiKey } : { apiKeyError: key.error }),
        maxTokens: MAX_ANSWER_TOKENS,
      },
    );
    if (answer.stopReason === "error" || answer.stopReason === "aborted")
      return { ok: false, error: answer.errorMessage ?? "the model did not answer." };
    const text = finalText(answer).trim();
    if (text === "") return { ok: false, error: "the model answered with no text." };
    return { ok: true, text, model: model.id };
  };
}
