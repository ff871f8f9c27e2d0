import { decodeKittyPrintable, matchesKey, truncateToWidth } from "@mariozechner/pi-tui";
import pc from "picocolors";
import type { PickItem, PickOptions, PickResult } from "../contract.js";
import type { Dialog } from "./dialog.js";

const VISIBLE = 10;
/** A live list is redrawn at most this often, however fast its items change. */
const LIVE_REDRAW_MS = 100;

/**
 * A list with a search box: typing filters (every word must appear, in any order),
 * Up / Down move, Enter gives "select", an action key gives that action, Esc cancels.
 */
export class PickDialog<T> implements Dialog {
  private query = "";
  private selected: number;
  private items: readonly PickItem<T>[];
  private readonly unsubscribe: (() => void) | undefined;
  private redraw: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: PickOptions<T>,
    private readonly done: (result: PickResult<T>) => void,
    /** Redraws the screen (a live list changed). */
    changed?: () => void,
  ) {
    this.items = options.items;
    this.selected = Math.max(0, Math.min(options.initialIndex ?? 0, options.items.length - 1));
    const live = options.live;
    this.unsubscribe = live?.subscribe(() => {
      this.redraw ??= setTimeout(() => {
        this.redraw = undefined;
        this.items = live.items();
        this.selected = Math.min(this.selected, Math.max(0, this.matches().length - 1));
        changed?.();
      }, LIVE_REDRAW_MS);
    });
  }

  dispose(): void {
    this.unsubscribe?.();
    clearTimeout(this.redraw);
  }

  render(width: number): string[] {
    const matches = this.matches();
    const start = Math.max(0, Math.min(this.selected - VISIBLE + 1, matches.length - VISIBLE));
    const rows = matches.slice(Math.max(0, start), Math.max(0, start) + VISIBLE).map((item, i) => {
      const current = Math.max(0, start) + i === this.selected;
      const detail = item.detail ? pc.dim(`  ${item.detail}`) : "";
      const line = `${current ? pc.cyan("› ") : "  "}${current ? pc.bold(item.label) : item.label}${detail}`;
      return truncateToWidth(line, width, "…");
    });
    const actions = (this.options.actions ?? []).map((a) => `${a.key} ${a.hint}`);
    const hint = ["Enter select", ...actions, "Esc cancel"].join(" · ");
    const current = matches[this.selected];
    const preview =
      current && this.options.preview ? this.options.preview(current.value, width) : [];
    return [
      "",
      truncateToWidth(pc.bold(this.options.title), width, "…"),
      truncateToWidth(`${pc.dim("search:")} ${this.query}${pc.inverse(" ")}`, width, "…"),
      ...(rows.length > 0 ? rows : [pc.dim("  no match")]),
      ...(matches.length > VISIBLE ? [pc.dim(`  ${matches.length} matches`)] : []),
      ...preview.map((line) => truncateToWidth(line, width, "…")),
      truncateToWidth(pc.dim(hint), width, "…"),
    ];
  }

  /** Every key is the picker's: search text, a move, an answer. */
  handleInput(data: string): boolean {
    this.take(data);
    return true;
  }

  private take(data: string): void {
    const matches = this.matches();
    if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
      this.done(undefined);
      return;
    }
    if (matchesKey(data, "enter")) {
      const item = matches[this.selected];
      if (item) this.done({ action: "select", value: item.value });
      return;
    }
    if (matchesKey(data, "up")) {
      this.selected = Math.max(0, this.selected - 1);
      return;
    }
    if (matchesKey(data, "down")) {
      this.selected = Math.min(matches.length - 1, this.selected + 1);
      return;
    }
    // A one-letter action key (`l` label) acts on an empty search box; once the user
    // types, letters are search text, so every name can still be searched for.
    const action = this.options.actions?.find(
      (a) => matchesKey(data, a.key as never) && (this.query === "" || a.key.length > 1),
    );
    if (action) {
      const item = matches[this.selected];
      if (item) this.done({ action: action.name, value: item.value });
      return;
    }
    if (matchesKey(data, "backspace")) {
      this.query = this.query.slice(0, -1);
      this.selected = 0;
      return;
    }
    const text = decodeKittyPrintable(data) ?? data;
    if (isPrintable(text)) {
      this.query += text;
      this.selected = 0;
    }
  }

  private matches(): readonly PickItem<T>[] {
    return filterItems(this.items, this.query);
  }
}

/** The items whose search text holds every word of the query (case-insensitive). */
export function filterItems<T>(items: readonly PickItem<T>[], query: string): PickItem<T>[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = (item.searchText ?? `${stripAnsi(item.label)} ${item.detail ?? ""}`).toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Typed text, not a key sequence (arrows and function keys start with ESC). */
function isPrintable(text: string): boolean {
  return text.length > 0 && [...text].every((char) => char >= " " && char !== "\x7f");
}

function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is removed
  return text.replace(/\x1b\[[0-9;]*m/g, "");
}
