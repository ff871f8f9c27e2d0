// The part of domino (turndown's own HTML parser) that html-to-markdown.ts uses; the
// package ships no types.
declare module "@mixmark-io/domino" {
  export interface DominoElement {
    remove(): void;
    textContent: string | null;
    children: ArrayLike<DominoElement>;
  }
  export interface DominoDocument {
    title: string;
    body: DominoElement | null;
    querySelectorAll(selector: string): Iterable<DominoElement>;
  }
  const domino: { createDocument(html?: string, force?: boolean): DominoDocument };
  export default domino;
}
