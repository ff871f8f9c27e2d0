/**
 * Server-sent events out of a byte stream, synchronously per chunk: the SDKs' own
 * parsers are async generators inside others, a few microtask hops for every event (the
 * adapters cost 1.07–1.3× the bare SDKs). Same rules as the SDKs' (`_iterSSEMessages`):
 * lines end in \n, \r\n or \r, only `event:` and `data:` fields count, one space after
 * the colon is dropped, a BOM at a line start is ignored, a blank line ends an event.
 */

export interface ServerSentEvent {
  /** The `event:` name, or null when the event had none. */
  event: string | null;
  /** The `data:` lines, joined with \n. */
  data: string;
}

export class SseDecoder {
  private readonly decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  private text = "";
  private endsWithCR = false;
  private event: string | null = null;
  private data: string[] = [];

  /** The events `chunk` completed, in order. */
  push(chunk: Uint8Array): ServerSentEvent[] {
    const decoded = this.decoder.decode(chunk, { stream: true });
    this.text += decoded;
    const events: ServerSentEvent[] = [];
    // Nothing ends a line yet: keep collecting without scanning the pending text again.
    if (!this.endsWithCR && !decoded.includes("\n") && !decoded.includes("\r")) return events;
    const text = this.text;
    let start = 0;
    if (!text.includes("\r")) {
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
        this.takeLine(text.slice(start, end), events);
        start = end + 1;
      }
    } else {
      for (let i = 0; i < text.length; i++) {
        const char = text[i];
        if (char !== "\n" && char !== "\r") continue;
        // A \r at the very end may be the first half of a \r\n still on its way.
        if (char === "\r" && i + 1 === text.length) break;
        this.takeLine(text.slice(start, i), events);
        if (char === "\r" && text[i + 1] === "\n") i++;
        start = i + 1;
      }
    }
    this.text = text.slice(start);
    this.endsWithCR = this.text.endsWith("\r");
    return events;
  }

  /** The stream ended: the events its last lines completed. */
  end(): ServerSentEvent[] {
    const text = this.text + this.decoder.decode();
    this.text = "";
    const events: ServerSentEvent[] = [];
    if (text) {
      for (const line of text.replace(/\r$/, "").split(/\r\n|[\n\r]/)) this.takeLine(line, events);
    }
    return events;
  }

  private takeLine(raw: string, events: ServerSentEvent[]): void {
    const line = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (!line) {
      if (!this.event && this.data.length === 0) return;
      events.push({ event: this.event, data: this.data.join("\n") });
      this.event = null;
      this.data = [];
      return;
    }
    const colon = line.indexOf(":");
    if (colon === 0) return; // a comment
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== "event" && field !== "data") return;
    const value =
      colon === -1 ? "" : line.slice(line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1);
    if (field === "event") this.event = value;
    else this.data.push(value);
  }
}
