/** An inline prompt drawn where the editor is, which gets the keys while it is open. */
export interface Dialog {
  render(width: number): string[];
  handleInput(data: string): void;
}
