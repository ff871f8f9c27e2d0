/**
 * The system prompt of one run, kept live: a `setSystemPrompt` (or a
 * `refreshSystemPrompt` answer) during the run applies from the next LLM call. What the
 * `onBeforeAgent` hooks made of the prompt at the start of the run is kept around the
 * new text; a hook that replaced the prompt outright keeps its own prompt.
 */
export function liveRunSystemPrompt(
  current: () => string,
  base: string,
  effective: string,
): () => string {
  let seen = base;
  let prompt = effective;
  return () => {
    const now = current();
    if (now === seen) return prompt;
    if (prompt === seen) prompt = now;
    else if (seen !== "") {
      const at = prompt.indexOf(seen);
      if (at >= 0) prompt = prompt.slice(0, at) + now + prompt.slice(at + seen.length);
    }
    seen = now;
    return prompt;
  };
}
