/** An inline prompt drawn where the editor is, which gets the keys while it is open. */
export interface Dialog {
  render(width: number): string[];
  /**
   * `false`: the key is no answer to this dialog (typing meant for the prompt, see
   * GuardedDialog); the mode gives it to the editor. `true`: the dialog took it.
   */
  handleInput(data: string): boolean;
  /** The dialog closed (its timers stop). */
  dispose?(): void;
}
