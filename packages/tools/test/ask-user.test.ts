import { describe, expect, it } from "vitest";
import type { AskUserHandler, ToolResponse } from "../src/index.js";
import type { AskUserQuestion } from "../src/tools/ask-user.js";
import { makeProject } from "./helpers.js";

const questions: AskUserQuestion[] = [
  {
    question: "Which auth method should we use?",
    header: "Auth",
    options: [
      { label: "JWT", description: "Stateless" },
      { label: "Session", description: "Server-side" },
    ],
    multiSelect: false,
  },
];

describe("ask_user — seed 001 AskUserQuestion", () => {
  it("shows waiting_for_input, then returns the host's answers as the result text", async () => {
    const asked: AskUserQuestion[][] = [];
    const askUser: AskUserHandler = async (shown) => {
      asked.push(shown);
      return { "Which auth method should we use?": "JWT" };
    };
    const updates: ToolResponse[] = [];
    const project = makeProject({ tools: ["ask_user"], askUser });
    try {
      const result = await project.call(
        "ask_user",
        { questions },
        { onUpdate: (update) => updates.push(update) },
      );
      expect(asked).toEqual([questions]);
      expect(updates).toHaveLength(1);
      expect(updates[0]?.data).toMatchObject({ status: "waiting_for_input", questions });
      expect(updates[0]?.text).toBe(
        "# AskUserQuestion\n\nStatus: waiting_for_input\nQuestion count: 1\n\n1. [Auth] Which auth method should we use?",
      );
      expect(result.status).toBe("success");
      expect(result.data).toMatchObject({
        status: "answered",
        question_count: 1,
        answers: { "Which auth method should we use?": "JWT" },
      });
      expect(result.text).toContain("Status: answered");
      expect(result.text).toContain("1. [Auth] Which auth method should we use?\n   Answer: JWT");
    } finally {
      project.cleanup();
    }
  });

  it("an unanswered question says so", async () => {
    const project = makeProject({ tools: ["ask_user"], askUser: async () => ({}) });
    try {
      const result = await project.call("ask_user", { questions });
      expect(result.text).toContain("Answer: (no answer)");
    } finally {
      project.cleanup();
    }
  });

  it("abort cancels the question: the host sees the signal, the call is ABORTED", async () => {
    let hostSignal: AbortSignal | undefined;
    const askUser: AskUserHandler = (_questions, signal) =>
      new Promise((_resolve, reject) => {
        hostSignal = signal;
        signal?.addEventListener("abort", () => reject(new Error("cancelled")));
      });
    const project = makeProject({ tools: ["ask_user"], askUser });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const result = await project.call("ask_user", { questions }, { signal: controller.signal });
      expect(hostSignal?.aborted).toBe(true);
      expect(result.error?.code).toBe("ABORTED");
      expect(result.text).toContain("cancelled before the user answered");
    } finally {
      project.cleanup();
    }
  });

  it("without a host that can answer: an error telling the model to use its best judgement", async () => {
    const project = makeProject({ tools: ["ask_user"] });
    try {
      const result = await project.call("ask_user", { questions });
      expect(result.status).toBe("error");
      expect(result.error?.code).toBe("EXECUTION_ERROR");
      expect(result.text).toContain("No user can answer questions in this mode");
      expect(result.text).toContain("Proceed with your best judgement");
    } finally {
      project.cleanup();
    }
  });

  it("a host that fails is an EXECUTION_ERROR, not a crash", async () => {
    const project = makeProject({
      tools: ["ask_user"],
      askUser: async () => {
        throw new Error("terminal closed");
      },
    });
    try {
      const result = await project.call("ask_user", { questions });
      expect(result.error?.code).toBe("EXECUTION_ERROR");
      expect(result.text).toContain("terminal closed");
    } finally {
      project.cleanup();
    }
  });

  it("a question with one option or no multiSelect is INVALID_PARAM", async () => {
    const project = makeProject({ tools: ["ask_user"], askUser: async () => ({}) });
    try {
      const one = structuredClone(questions);
      one[0]!.options = one[0]!.options.slice(0, 1);
      expect((await project.call("ask_user", { questions: one })).error?.code).toBe(
        "INVALID_PARAM",
      );
      const { multiSelect: _, ...withoutMulti } = questions[0]!;
      const result = await project.call("ask_user", { questions: [withoutMulti] });
      expect(result.error?.code).toBe("INVALID_PARAM");
      expect(result.text).toContain("questions.0.multiSelect");
    } finally {
      project.cleanup();
    }
  });
});
