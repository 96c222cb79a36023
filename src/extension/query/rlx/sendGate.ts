// What a query file may send on its own. In a trusted workspace a `.rlx` file (or notebook) reads
// schemas for its diagnostics and completion and counts its matches as the cursor rests. In an
// untrusted workspace the file came from someone else's repository: its `@connection` may name
// the user's "Production", so nothing is sent for it until the user runs one of its queries in
// this window (Run, Count, Copy as…, a notebook cell). What the catalog already knows is still
// used; nothing new is read. No `vscode` import: the rule is tested on its own.

export interface SendGateOptions {
  /** VS Code's workspace trust, read each time (trust can be granted while files are open). */
  isTrusted: () => boolean;
}

export class RlxSendGate {
  /** Files (by URI) the user ran a query of in this window. */
  private readonly ran = new Set<string>();
  /** Open restrictions (tests of restricted mode in a trusted window): they only ever take away. */
  private restrictions = 0;

  constructor(private readonly options: SendGateOptions) {}

  /** True when background work (live count, schema reads) may contact the service for the file at `uri`. */
  maySend(uri: { toString(): string }): boolean {
    return this.trusted() || this.ran.has(uri.toString());
  }

  /** The user ran a query of the file: from now on it may send. True when that changed anything. */
  noteRun(uri: { toString(): string }): boolean {
    const key = uri.toString();
    if (this.trusted() || this.ran.has(key)) return false;
    this.ran.add(key);
    return true;
  }

  /**
   * Behaves as in an untrusted workspace until the returned function is called. It can only make
   * the gate stricter than VS Code's own trust, never looser, so it is safe to offer to tests.
   */
  restrict(): () => void {
    this.restrictions++;
    let lifted = false;
    return () => {
      if (lifted) return;
      lifted = true;
      this.restrictions--;
    };
  }

  private trusted(): boolean {
    return this.restrictions === 0 && this.options.isTrusted();
  }
}
