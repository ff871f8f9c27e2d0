import { describe, expect, it } from "vitest";
import { accumulatePartialJson, parsePartialJson } from "../src/index.js";

describe("seed 002 §12 partial JSON", () => {
  it("PJSON-001 complete JSON parses directly", () => {
    expect(parsePartialJson('{"a":1}')).toEqual({ a: 1 });
  });
  it("PJSON-002 an unclosed string is closed", () => {
    expect(parsePartialJson('{"file":"/src/ma')).toEqual({ file: "/src/ma" });
  });
  it("PJSON-003 an unclosed object keeps every field", () => {
    expect(parsePartialJson('{"a":1,"b":2')).toEqual({ a: 1, b: 2 });
  });
  it("PJSON-004 nested objects are closed in stack order", () => {
    expect(parsePartialJson('{"a":{"b":1')).toEqual({ a: { b: 1 } });
  });
  it("PJSON-005 an open array keeps its elements", () => {
    expect(parsePartialJson('{"items":[1,2,3')).toEqual({ items: [1, 2, 3] });
  });
  it("PJSON-006 empty input is an empty object", () => {
    expect(parsePartialJson("")).toEqual({});
    expect(parsePartialJson("   ")).toEqual({});
  });
  it("PJSON-007 accumulating fragments ends with the complete value", () => {
    let state = accumulatePartialJson("", '{"path": "/sr');
    expect(state.value).toEqual({ path: "/sr" });
    state = accumulatePartialJson(state.buffer, 'c/main.go", "con');
    expect(state.value.path).toBe("/src/main.go");
    state = accumulatePartialJson(state.buffer, 'tent": "hello"}');
    expect(state.value).toEqual({ path: "/src/main.go", content: "hello" });
  });
  it("PJSON-008 a trailing comma is tolerated", () => {
    expect(parsePartialJson('{"a":1,')).toEqual({ a: 1 });
  });
  it("garbage and non-objects give {} instead of throwing", () => {
    expect(parsePartialJson("not json")).toEqual({});
    expect(parsePartialJson("[1,2]")).toEqual({});
    expect(parsePartialJson("null")).toEqual({});
  });
});
