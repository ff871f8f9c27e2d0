export const MAX_SKILL_DEPTH = 3;

export type PushResult = { ok: true } | { ok: false; error: string };

/**
 * The stack of active skills (test/skills.test.ts): a skill activated while
 * another is active nests inside it. Re-activating one already on the stack is a cycle
 * — direct (A → A) or indirect (A → B → A) — reported with the full path; nesting
 * deeper than `maxDepth` is refused.
 */
export class SkillActivationStack {
  private readonly stack: string[] = [];

  constructor(readonly maxDepth = MAX_SKILL_DEPTH) {}

  push(name: string): PushResult {
    if (this.stack.includes(name)) {
      const path = [...this.stack, name].join(" → ");
      return {
        ok: false,
        error: `Circular skill activation detected: ${path}. Skill ${name} is already active; follow its instructions instead of activating it again.`,
      };
    }
    if (this.stack.length >= this.maxDepth) {
      return {
        ok: false,
        error: `Maximum skill activation depth (${this.maxDepth}) exceeded. Current stack: ${this.stack.join(" → ")}. Finish the active skills' work without activating ${name}.`,
      };
    }
    this.stack.push(name);
    return { ok: true };
  }

  /** Pops `name` when it is on top; false (and nothing changes) otherwise. */
  pop(name: string): boolean {
    if (this.stack[this.stack.length - 1] !== name) return false;
    this.stack.pop();
    return true;
  }

  names(): string[] {
    return [...this.stack];
  }

  clear(): void {
    this.stack.length = 0;
  }
}
