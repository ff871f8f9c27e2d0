import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { openAIEventReader } from "../src/providers/openai-sse.js";

// The adapters read the body themselves; these are the openai SDK Stream's rules they keep.
describe("openAIEventReader — the openai SDK's rules for each server-sent event", () => {
  const headers = new Headers({ "x-request-id": "req_1" });

  it("parses data events, named or not, and skips the Assistants API's thread.* events", () => {
    const read = openAIEventReader(OpenAI, headers);
    expect(read({ event: null, data: '{"id":"c1"}' })).toEqual({ id: "c1" });
    expect(read({ event: "response.output_text.delta", data: '{"delta":"x"}' })).toEqual({
      delta: "x",
    });
    expect(read({ event: "thread.message.delta", data: '{"x":1}' })).toBeUndefined();
  });

  it("ignores [DONE] and everything after it", () => {
    const read = openAIEventReader(OpenAI, headers);
    expect(read({ event: null, data: "[DONE]" })).toBeUndefined();
    expect(read({ event: null, data: '{"id":"late"}' })).toBeUndefined();
    expect(read({ event: null, data: "not json" })).toBeUndefined();
  });

  it("{ error } in the data is the SDK's APIError; data that is not JSON throws", () => {
    const read = openAIEventReader(OpenAI, headers);
    const error = (() => {
      try {
        read({ event: null, data: '{"error":{"message":"overloaded","type":"server_error"}}' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toBe("overloaded");
    expect((error as InstanceType<typeof OpenAI.APIError>).type).toBe("server_error");
    expect(() => read({ event: null, data: '{"oops' })).toThrow(SyntaxError);
  });
});
