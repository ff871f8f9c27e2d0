/**
 * Text gong did not write — a model's answer and thinking, a command's output, a tool
 * call's arguments — made safe to print on a terminal: escape sequences and control
 * characters are removed, newlines and tabs kept. A model's `ESC]0;…BEL` would set the
 * window title, `ESC]52;c;…` the clipboard, a CSI would move the cursor into gong's own
 * frame (pty-transcript "escape sequences from the model" test).
 */
export function terminalSafe(text: string): string {
  return (
    text
      // OSC, DCS, SOS, PM, APC: the whole string up to its terminator (BEL or ESC \),
      // payload included — a clipboard payload is not text for the reader either.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
      .replace(/\x1b[\]PX^_][^\x07\x1b\n]*(?:\x07|\x1b\\)?/g, "")
      // CSI (colours, cursor moves, modes) and the two-character ESC sequences.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
      .replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b[ -/]*[0-~]/g, "")
      // C0 controls but tab and newline (a CR would overwrite the line), DEL, and the C1
      // controls (U+0080–U+009F: 8-bit CSI and OSC for terminals that take them).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, "")
  );
}
