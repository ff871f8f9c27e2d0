// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the syntax under test
import { describe, expect, it } from "vitest";
import { literalCredentialHeaders, maskedMcpEntry } from "../src/index.js";

const url = "https://mcp.example.com/mcp";

describe("credentials in an entry — literal secrets are found and masked, ${VAR} references are not", () => {
  it("a literal bearer token in Authorization is a literal credential", () => {
    const entry = { type: "http" as const, url, headers: { Authorization: "Bearer sk-123" } };
    expect(literalCredentialHeaders(entry)).toEqual(["Authorization"]);
    expect(maskedMcpEntry(entry)).toEqual({ ...entry, headers: { Authorization: "Bearer ****" } });
  });

  it("a ${VAR} reference (with or without a default) holds no secret and is shown as it is", () => {
    const headers = { Authorization: "Bearer ${API_TOKEN}", "X-Api-Key": "${KEY:-none}" };
    const entry = { type: "http" as const, url, headers };
    expect(literalCredentialHeaders(entry)).toEqual([]);
    expect(maskedMcpEntry(entry)).toEqual(entry);
  });

  it("a header not named like a credential is masked when shown but not refused", () => {
    const entry = { type: "sse" as const, url, headers: { "X-Team": "blue", Cookie: "s=1" } };
    expect(literalCredentialHeaders(entry)).toEqual(["Cookie"]);
    expect(maskedMcpEntry(entry)).toEqual({
      ...entry,
      headers: { "X-Team": "****", Cookie: "****" },
    });
  });

  it("a stdio entry has no headers: nothing to find or mask", () => {
    const entry = { command: "npx", args: ["-y", "server"], env: { TOKEN: "literal" } };
    expect(literalCredentialHeaders(entry)).toEqual([]);
    expect(maskedMcpEntry(entry)).toBe(entry);
  });
});
