/**
 * The system prompt of one run, always made in the same order: the context files make
 * the base prompt (the agent's system prompt provider, asked before every call), then the
 * `onBeforeAgent` hooks of the run rewrite it. When the base changes during the run, the
 * hooks' rewrite is recomputed on the new base. (Splicing the new base into the hooks'
 * text, as before, lost a context file edit once a hook had rewritten the words it
 * looked for.)
 */
export class RunSystemPrompt {
  private base: string;
  private prompt: string;

  /** `prompt` is what the hooks made of `base` at the start of the run. */
  constructor(
    base: string,
    prompt: string,
    private readonly rewrite: (base: string) => Promise<string>,
  ) {
    this.base = base;
    this.prompt = prompt;
  }

  /** The prompt for the next LLM call, given the agent's base prompt now. */
  async next(base: string): Promise<string> {
    if (base !== this.base) {
      this.base = base;
      this.prompt = await this.rewrite(base);
    }
    return this.prompt;
  }

  /** The prompt of the last call (token estimates do not wait for hooks). */
  get current(): string {
    return this.prompt;
  }
}
