// An in-memory vscode.Memento for tests that must not touch the extension's real state.
import type * as vscode from 'vscode';

export class MemoryMemento implements vscode.Memento {
  readonly data = new Map<string, unknown>();

  keys(): readonly string[] {
    return [...this.data.keys()];
  }

  get<T>(key: string, fallback?: T): T {
    return (this.data.has(key) ? this.data.get(key) : fallback) as T;
  }

  async update(key: string, value: unknown): Promise<void> {
    // As VS Code's own: storing undefined removes the key.
    if (value === undefined) this.data.delete(key);
    else this.data.set(key, value);
  }
}
