/**
 * Which responses web_fetch turns into text. A declared image, archive or PDF is
 * refused before its body is downloaded; an undeclared one is sniffed like read does.
 */

const TEXT_APPLICATION_TYPES = new Set([
  "application/json",
  "application/xml",
  "application/xhtml+xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/x-sh",
]);

/** The media type without parameters, lower case: `text/html; charset=utf-8` → `text/html`. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** undefined when the server did not say (the body is sniffed instead). */
export function isTextMediaType(type: string): boolean | undefined {
  if (type === "") return undefined;
  return (
    type.startsWith("text/") ||
    TEXT_APPLICATION_TYPES.has(type) ||
    type.endsWith("+json") ||
    type.endsWith("+xml")
  );
}

export function isHtmlMediaType(type: string): boolean {
  return type === "text/html" || type === "application/xhtml+xml";
}
