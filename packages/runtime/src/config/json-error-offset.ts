/**
 * Finds where JSON text stops being valid. V8's JSON.parse messages do not always carry
 * a position (`Unexpected token 'm', ..."preset": minimal" is not valid JSON`), so on a
 * parse failure this small scanner walks the text to locate the first bad character.
 * Returns the offset and what was expected there.
 */
export function findJsonErrorOffset(
  text: string,
): { offset: number; expected: string } | undefined {
  let i = 0;
  const fail = (expected: string): never => {
    throw { offset: i, expected };
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`a JSON value (string, number, object, array, true, false or null)`);
      i++;
    }
  };
  const string = () => {
    if (text[i] !== '"') fail("a double-quoted string");
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail("no raw control characters inside a string");
      i++;
    }
    if (i >= text.length) fail("a closing double quote");
    i++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail("a number");
    i += match![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        if (text[i] !== ":") fail("':' after the property name");
        i++;
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return;
        }
        fail("',' or '}' after a property value");
      }
    }
    if (ch === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return;
        }
        fail("',' or ']' after an array element");
      }
    }
    if (ch === '"') string();
    else if (ch === "t") literal("true");
    else if (ch === "f") literal("false");
    else if (ch === "n") literal("null");
    else if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) number();
    else fail("a JSON value (string, number, object, array, true, false or null)");
  };
  try {
    value();
    ws();
    if (i < text.length) fail("the end of the file");
    return undefined;
  } catch (error) {
    return error as { offset: number; expected: string };
  }
}
