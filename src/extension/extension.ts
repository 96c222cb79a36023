import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Filled in by the browse feature (connections, tree, sandbox launcher).
}

export function deactivate(): void {}
