// The extension's entry point (package.json "main", dist/start.js). It only loads the extension,
// dist/extension.js, through a V8 code cache kept in the extension's global storage, so that
// every start after the first skips most of compiling it. A development host (F5, tests run
// from the sources) loads the bundle plainly, so breakpoints and source maps behave as usual.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Extension from './extension';
import { loadWithCodeCache } from '../core/startup/codeCache';
// The API object as the host hands it over: `import * as` would have esbuild copy its 347
// members into a namespace object first, a cost every start would pay for one enum.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import vscode = require('vscode');

// The cache holds what V8 compiled until it is saved: by then activation and the first paint
// of the Records view have run.
const SAVE_CACHE_AFTER_MS = 5_000;

let extension: typeof Extension | undefined;

export function activate(context: vscode.ExtensionContext): ReturnType<typeof Extension.activate> {
  const bundle = join(__dirname, 'extension.js');
  // The cache is a file beside the extension's other stored data: only where that is on disk.
  if (context.extensionMode === vscode.ExtensionMode.Production && context.globalStorageUri.scheme === 'file') {
    const loaded = loadWithCodeCache<typeof Extension>(bundle, join(context.globalStorageUri.fsPath, 'code-cache'));
    setTimeout(() => loaded.saveCache(), SAVE_CACHE_AFTER_MS).unref();
    extension = loaded.exports;
  } else {
    extension = createRequire(__filename)(bundle) as typeof Extension;
  }
  return extension.activate(context);
}

export function deactivate(): Promise<void> | undefined {
  return extension?.deactivate();
}
