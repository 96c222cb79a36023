// A change event without `vscode`: the catalog's fact-keeping runs in the MCP server too. Its
// `event` has the shape of `vscode.Event`, so the extension's listeners subscribe unchanged.

export interface Unsubscribe {
  dispose(): void;
}

export type CatalogEvent<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: Unsubscribe[]) => Unsubscribe;

export class Emitter<T> {
  private listeners = new Set<(e: T) => unknown>();
  private disposed = false;

  readonly event: CatalogEvent<T> = (listener, thisArgs, disposables) => {
    const bound = (e: T) => listener.call(thisArgs, e);
    if (!this.disposed) this.listeners.add(bound);
    const subscription = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  fire(value: T): void {
    // A listener that throws must not keep the others from hearing of the change.
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        // As VS Code's own emitter does: report it (stderr in the MCP server) and go on.
        console.error(error);
      }
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }
}
